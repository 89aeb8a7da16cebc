import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import {
  type ReservationStatus,
  availabilityQuery,
  availabilityResponse,
  bookQuery,
  createReservationBody,
  reservationChangedResponse,
  reservationCreatedResponse,
  reservationIdParams,
  reservationListResponse,
  reservationStatusBody,
  updateReservationBody,
} from '../../../shared/contract/reservations.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import type { ReservationsService } from './reservations.service.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import type { MessageCode } from '../../../shared/contract/errors.ts';
import { answerMessage } from '../../http/language.ts';

const bearer = [{ bearer: [] }];

/** "The reservation is now seated": each status has its own message. */
const RESERVATION_NOW = {
  pending_deposit: 'reservationNowPendingDeposit',
  booked: 'reservationNowBooked',
  seated: 'reservationNowSeated',
  completed: 'reservationNowCompleted',
  cancelled: 'reservationNowCancelled',
  no_show: 'reservationNowNoShow',
} as const satisfies Record<ReservationStatus, MessageCode>;
const errors = errorResponses(400, 401, 403, 404, 409);
const PRIVATE = 'private, no-store';

/**
 * /api/v1/reservations… (docs/reference/operations.md "Tables and reservations"), each at the
 * request's branch (`?branch=`); a guest's own (`/mine`) at every branch.
 */
export const reservationsRoutes: FastifyPluginAsyncZod<{
  reservations: ReservationsService;
  access: Access;
  branchOf: BranchOf;
}> = async (app, { reservations, access, branchOf }) => {
  const at = async (request: FastifyRequest) => reservations.at(await branchOf(request));
  app.get(
    '/api/v1/reservations/availability',
    {
      schema: {
        tags: ['reservations'],
        operationId: 'reservationAvailability',
        summary: 'Every slot of a date for a party, each available or with its reason',
        security: [],
        querystring: availabilityQuery,
        response: { 200: availabilityResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: await (await at(request)).availability(request.query.date, request.query.partySize) };
    },
  );

  app.post(
    '/api/v1/reservations',
    {
      schema: {
        tags: ['reservations'],
        operationId: 'createReservation',
        summary:
          "Book a table (guests online; staff by phone or as a walk-in). A guest's party that pays a deposit is pending_deposit, its table held 15 minutes, and the answer carries the payment to send the guest to (`payment`); 502 when the provider does not answer (nothing booked, nothing charged)",
        security: bearer,
        body: createReservationBody,
        response: { 201: reservationCreatedResponse, ...errors, ...errorResponses(429, 502) },
      },
      onRequest: access.authenticate,
      // Per account (whatever token it sends), so a family behind one address is not held back by another's script.
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: access.limitKey } },
    },
    async (request, reply) => {
      const { reservation, payment } = await (await at(request)).reserve(callerOf(request), request.body);
      if (payment) reply.header('cache-control', 'no-store');
      return reply.status(201).send({
        success: true as const,
        message: payment ? answerMessage(request, 'tableHeld') : answerMessage(request, 'tableReserved'),
        data: reservation,
        ...(payment ? { payment } : {}),
      });
    },
  );

  app.get(
    '/api/v1/reservations/mine',
    {
      schema: {
        tags: ['reservations'],
        operationId: 'myReservations',
        summary: 'Your reservations, upcoming first',
        security: bearer,
        response: { 200: reservationListResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { data: await reservations.mine(callerOf(request)) };
    },
  );

  app.get(
    '/api/v1/reservations',
    {
      schema: {
        tags: ['reservations'],
        operationId: 'reservationBook',
        summary: "A day's book, by time (staff)",
        security: bearer,
        querystring: bookQuery,
        response: { 200: reservationListResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { data: await (await at(request)).book(request.query.date) };
    },
  );

  app.patch(
    '/api/v1/reservations/:id',
    {
      schema: {
        tags: ['reservations'],
        operationId: 'updateReservation',
        summary: 'Move or resize a reservation; the old one stays if the new time is taken',
        security: bearer,
        params: reservationIdParams,
        body: updateReservationBody,
        response: { 200: reservationChangedResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'reservationChanged'),
      data: await (await at(request)).update(callerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/v1/reservations/:id/cancel',
    {
      schema: {
        tags: ['reservations'],
        operationId: 'cancelReservation',
        summary: 'Cancel a reservation (guests until the cut-off; staff any time)',
        security: bearer,
        params: reservationIdParams,
        response: { 200: reservationChangedResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'reservationCancelled'),
      data: await (await at(request)).cancel(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/v1/reservations/:id/status',
    {
      schema: {
        tags: ['reservations'],
        operationId: 'setReservationStatus',
        summary: 'Seat, complete, cancel or mark a no-show (staff)',
        security: bearer,
        params: reservationIdParams,
        body: reservationStatusBody,
        response: { 200: reservationChangedResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request) => {
      const reservation = await (await at(request)).changeStatus(request.params.id, request.body.status);
      return {
        success: true as const,
        message: answerMessage(request, RESERVATION_NOW[reservation.status]),
        data: reservation,
      };
    },
  );
};
