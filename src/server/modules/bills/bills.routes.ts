import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billChangedResponse,
  billIdParams,
  billListQuery,
  billListResponse,
  billRefundBody,
  billResponse,
  discountBody,
  keepSplitBody,
  paymentBody,
  splitQuery,
  splitResponse,
} from '../../../shared/contract/bills.ts';
import { errorResponses, toMinorUnits } from '../../../shared/contract/common.ts';
import { billPaymentBody, paymentResponse } from '../../../shared/contract/payments.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BillsService } from './bills.service.ts';
import { answerMessage } from '../../http/language.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import { roleAtLeast } from '../../../shared/constants.ts';
import { asBranchId } from '../../db/branch.ts';

const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

/** The receipt page styles itself (inline CSS) and runs no script. */
const RECEIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Bills (docs/reference/ordering.md "The bill"), and a bill's due paid online (POST /api/v1/payments).
 * Staff read and act at the request's branch (decision 062): another branch's bill answers 404 and
 * nothing changes. A guest reads their own bill across the brand (a guest is the brand's).
 */
export const billsRoutes: FastifyPluginAsyncZod<{
  bills: BillsService;
  access: Access;
  audit: AuditService;
  branchOf: BranchOf;
}> = async (app, { bills, access, audit, branchOf }) => {
  /** Staff's bills at the request's branch (after the access check). */
  const at = async (request: FastifyRequest) => bills.at(await branchOf(request));
  /** The branch staff read a bill at; none for a guest, who reads their own across the brand. */
  const readerBranch = async (request: FastifyRequest) =>
    roleAtLeast(callerOf(request).role, 'staff') ? await branchOf(request) : undefined;
  /** A bill's own branch, which an entry about an act on it is written at. */
  const branchOfBill = (bill: { branchId: string }) => asBranchId(Number(bill.branchId));

  app.get(
    '/api/v1/bills',
    {
      schema: {
        tags: ['bills'],
        operationId: 'listBills',
        summary:
          'Bills by status and the local day they opened, newest first (staff): a page of at most limit (500) after cursor; nextCursor null on the last',
        security: bearer,
        querystring: billListQuery,
        response: { 200: billListResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const page = await (await at(request)).list(request.query, callerOf(request).language);
      return { data: page.bills, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/v1/bills/:id',
    {
      schema: {
        tags: ['bills'],
        operationId: 'getBill',
        summary: 'One bill (staff, or the guest whose ticket is on it)',
        security: bearer,
        params: billIdParams,
        response: { 200: billResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: await bills.one(callerOf(request), request.params.id, await readerBranch(request)),
      };
    },
  );

  app.post(
    '/api/v1/bills/:id/discounts',
    {
      schema: {
        tags: ['bills'],
        operationId: 'discountBill',
        summary: 'Take a percent or an amount off a bill, with a reason (staff up to the settings’ limit; admins any)',
        security: bearer,
        params: billIdParams,
        body: discountBody,
        response: { 200: billChangedResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request) => {
      const bill = await (await at(request)).discount(callerOf(request), request.params.id, request.body);
      await audit.discounted(request, bill);
      return { success: true as const, message: answerMessage(request, 'discountAdded'), data: bill };
    },
  );

  app.post(
    '/api/v1/bills/:id/split',
    {
      schema: {
        tags: ['bills'],
        operationId: 'keepSplit',
        summary: 'Split a bill N ways (2–20), kept until its shares are paid: the bill with its shares (staff)',
        security: bearer,
        params: billIdParams,
        body: keepSplitBody,
        response: { 200: billChangedResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'splitKept'),
      data: await (await at(request)).keepSplit(callerOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/v1/bills/:id/split',
    {
      schema: {
        tags: ['bills'],
        operationId: 'splitBill',
        summary: 'The due split N ways (2–20): shares that add up to it exactly (staff)',
        security: bearer,
        params: billIdParams,
        querystring: splitQuery,
        response: { 200: splitResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const branch = await branchOf(request);
      const split = await bills.at(branch).split(request.params.id, request.query.ways);
      await audit.record(request, {
        kind: 'split',
        branch,
        subject: await audit.billNumber(request.params.id, branch),
        after: { ways: request.query.ways, shares: split.shares },
      });
      return { data: split };
    },
  );

  app.post(
    '/api/v1/bills/:id/payments',
    {
      schema: {
        tags: ['bills'],
        operationId: 'payBill',
        summary: 'Record money taken at the restaurant; a repeated key answers the payment already taken (staff)',
        security: bearer,
        params: billIdParams,
        body: paymentBody,
        response: { 200: billChangedResponse, 201: billChangedResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      const { bill, created } = await (await at(request)).pay(callerOf(request), request.params.id, request.body);
      if (created)
        await audit.record(request, {
          kind: 'payment',
          branch: branchOfBill(bill),
          subject: `Bill ${bill.number}`,
          amount: toMinorUnits(request.body.amount),
          after: { method: request.body.method, tip: request.body.tip ?? 0 },
        });
      return reply.status(created ? 201 : 200).send({
        success: true as const,
        message: created ? answerMessage(request, 'paymentTaken') : answerMessage(request, 'paymentWasAlreadyTaken'),
        data: bill,
      });
    },
  );

  app.post(
    '/api/v1/bills/:id/refunds',
    {
      schema: {
        tags: ['bills'],
        operationId: 'refundBill',
        summary:
          'Record money taken at the restaurant and given back (what is owed back after a cancel or a discount); a repeated key answers the refund already recorded (staff)',
        security: bearer,
        params: billIdParams,
        body: billRefundBody,
        response: { 200: billChangedResponse, 201: billChangedResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      const { bill, created } = await (await at(request)).giveBack(callerOf(request), request.params.id, request.body);
      if (created)
        await audit.record(request, {
          kind: 'give-back',
          branch: branchOfBill(bill),
          subject: `Bill ${bill.number}`,
          amount: toMinorUnits(request.body.amount),
          reason: request.body.reason,
          after: { method: request.body.method },
        });
      return reply
        .status(created ? 201 : 200)
        .send({ success: true as const, message: answerMessage(request, 'refundRecorded'), data: bill });
    },
  );

  app.get(
    '/api/v1/bills/:id/receipt',
    {
      schema: {
        tags: ['bills'],
        operationId: 'billReceipt',
        summary: 'The printable receipt, HTML for an 80 mm printer (staff, or the bill’s guest)',
        security: bearer,
        params: billIdParams,
        produces: ['text/html'],
        response: { 200: z.string(), ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const html = await bills.receipt(callerOf(request), request.params.id, await readerBranch(request));
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', RECEIPT_CSP)
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.post(
    '/api/v1/payments',
    {
      schema: {
        tags: ['payments'],
        operationId: 'payBillOnline',
        summary:
          "An online payment of a bill's due now, or a share of it (amount), + tip, by the bill's guest or staff (the demo provider where no other is set up): 201 with the provider's page (200 for a repeated key; the same key with another body 409); 409 when nothing is due or the share is more than the due",
        security: bearer,
        body: billPaymentBody,
        response: { 200: paymentResponse, 201: paymentResponse, ...errorResponses(400, 401, 404, 409, 502) },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const { payment, created } = await bills.payOnline(callerOf(request), request.body, await readerBranch(request));
      reply.header('cache-control', 'no-store');
      reply.code(created ? 201 : 200);
      return { data: payment };
    },
  );
};
