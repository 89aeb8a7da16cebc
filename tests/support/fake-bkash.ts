import { randomBytes } from 'node:crypto';
import { type FakeServer, startFakeServer } from './fake-provider.ts';

/**
 * A local server answering bKash's tokenized-checkout calls as developer.bka.sh documents them
 * (mode 0011, without agreement): POST /token/grant and /token/refresh (headers username and
 * password, body app_key, app_secret[, refresh_token]) → { id_token, refresh_token, expires_in };
 * /create, /execute, /payment/status, /payment/refund with `Authorization: <id_token>` and
 * `X-APP-Key`. Business errors come as HTTP 200 with a `statusCode` other than "0000". The test
 * plays the guest approving on bKash's page (`approve`).
 */
export interface FakeBkashPayment {
  paymentID: string;
  amount: string;
  currency: string;
  callbackURL: string;
  merchantInvoiceNumber: string;
  state: 'Initiated' | 'Approved' | 'Completed' | 'Cancelled' | 'Failed';
  trxID: string | null;
  refunded: number;
  refunds: { refundTrxID: string; amount: string; sku: string }[];
  executes: number;
}

export interface FakeBkash extends FakeServer {
  credentials: { appKey: string; appSecret: string; username: string; password: string };
  payments: Map<string, FakeBkashPayment>;
  /** How many seconds the grant tokens given from now on last (3600 as bKash documents). */
  setTokenSeconds(seconds: number): void;
  /** Forget every token (as if they expired at bKash). */
  revokeTokens(): void;
  approve(paymentID: string): void;
  cancel(paymentID: string): void;
  /** The callback address bKash sends the guest back to. */
  callbackOf(paymentID: string, status: 'success' | 'failure' | 'cancel'): string;
}

const cents = (text: string) => Math.round(Number(text) * 100);
const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

export async function startFakeBkash(
  credentials = {
    appKey: 'bkash-app-key-fake',
    appSecret: 'bkash-app-secret-fake',
    username: 'merchant-user',
    password: 'merchant-password-fake',
  },
): Promise<FakeBkash> {
  const payments = new Map<string, FakeBkashPayment>();
  const tokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const state = { tokenSeconds: 3600 };

  const ok = (body: Record<string, unknown>) => ({
    status: 200,
    body: { statusCode: '0000', statusMessage: 'Successful', ...body },
  });
  const fail = (statusCode: string, statusMessage: string) => ({ status: 200, body: { statusCode, statusMessage } });

  function issue() {
    const id_token = randomBytes(16).toString('hex');
    const refresh_token = randomBytes(16).toString('hex');
    tokens.add(id_token);
    refreshTokens.add(refresh_token);
    return ok({ id_token, refresh_token, expires_in: state.tokenSeconds, token_type: 'Bearer' });
  }

  const server: FakeServer = await startFakeServer(
    'bKash',
    async (req, text, url) => {
      let body: Record<string, string>;
      try {
        body = JSON.parse(text || '{}') as Record<string, string>;
      } catch {
        return { status: 400, body: { statusCode: '9999', statusMessage: 'Bad request' } };
      }
      const path = url.pathname.replace(/^.*\/tokenized\/checkout/, '');
      if (path === '/token/grant' || path === '/token/refresh') {
        if (req.headers.username !== credentials.username || req.headers.password !== credentials.password)
          return { status: 401, body: { statusCode: '4001', statusMessage: 'Unauthorized' } };
        if (body.app_key !== credentials.appKey || body.app_secret !== credentials.appSecret)
          return { status: 401, body: { statusCode: '4001', statusMessage: 'Invalid app key or secret' } };
        if (path === '/token/refresh' && !refreshTokens.has(body.refresh_token ?? ''))
          return fail('2079', 'Invalid refresh token');
        return issue();
      }
      if (!tokens.has(String(req.headers.authorization ?? '')) || req.headers['x-app-key'] !== credentials.appKey)
        return { status: 401, body: { statusCode: '4001', statusMessage: 'Unauthorized: token expired or invalid' } };
      const faults = server.faults;
      if (path === '/create') {
        if (
          body.mode !== '0011' ||
          body.intent !== 'sale' ||
          !/^\d+\.\d{2}$/.test(body.amount ?? '') ||
          !body.callbackURL ||
          !body.payerReference
        )
          return fail('2065', 'Mandatory field missing');
        const paymentID = `TR0011${randomBytes(8).toString('hex').toUpperCase()}`;
        payments.set(paymentID, {
          paymentID,
          amount: body.amount ?? '',
          currency: body.currency ?? '',
          callbackURL: body.callbackURL,
          merchantInvoiceNumber: body.merchantInvoiceNumber ?? '',
          state: 'Initiated',
          trxID: null,
          refunded: 0,
          refunds: [],
          executes: 0,
        });
        return ok({
          paymentID,
          bkashURL: `${server.base}/pay/${paymentID}`,
          callbackURL: body.callbackURL,
          amount: body.amount,
          currency: body.currency,
          intent: 'sale',
          transactionStatus: 'Initiated',
          merchantInvoiceNumber: body.merchantInvoiceNumber,
          paymentCreateTime: new Date().toISOString(),
        });
      }
      const payment = payments.get(body.paymentID ?? '');
      if (!payment) return fail('2056', 'Invalid Payment State');
      const reported = () => ({
        amount: money(cents(payment.amount) - faults.amountShort),
        currency: faults.otherCurrency ?? payment.currency,
      });
      if (path === '/execute') {
        payment.executes++;
        if (payment.state === 'Completed' && faults.successTwice)
          return ok({
            paymentID: payment.paymentID,
            trxID: payment.trxID,
            transactionStatus: 'Completed',
            ...reported(),
            intent: 'sale',
            merchantInvoiceNumber: payment.merchantInvoiceNumber,
          });
        if (payment.state === 'Completed') return fail('2062', 'The payment has already been completed');
        if (payment.state !== 'Approved') return fail('2056', 'Invalid Payment State');
        payment.state = 'Completed';
        payment.trxID = `TRX${randomBytes(5).toString('hex').toUpperCase()}`;
        return ok({
          paymentID: payment.paymentID,
          trxID: payment.trxID,
          transactionStatus: 'Completed',
          ...reported(),
          intent: 'sale',
          merchantInvoiceNumber: payment.merchantInvoiceNumber,
          paymentExecuteTime: new Date().toISOString(),
        });
      }
      if (path === '/payment/status') {
        const status = payment.state === 'Approved' ? 'Initiated' : payment.state;
        return ok({
          paymentID: payment.paymentID,
          transactionStatus: status,
          ...reported(),
          ...(payment.trxID ? { trxID: payment.trxID } : {}),
          intent: 'sale',
          merchantInvoiceNumber: payment.merchantInvoiceNumber,
        });
      }
      if (path === '/payment/refund') {
        if (payment.state !== 'Completed' || body.trxID !== payment.trxID)
          return fail('2071', 'Invalid transaction for refund');
        const amount = cents(body.amount ?? '0');
        if (!/^\d+\.\d{2}$/.test(body.amount ?? '') || amount <= 0 || payment.refunded + amount > cents(payment.amount))
          return fail('2072', 'Refund amount is greater than the transaction amount');
        if (!body.reason || !body.sku) return fail('2065', 'Mandatory field missing');
        payment.refunded += amount;
        const refundTrxID = `RFD${randomBytes(5).toString('hex').toUpperCase()}`;
        payment.refunds.push({ refundTrxID, amount: body.amount ?? '', sku: body.sku });
        return ok({
          originalTrxID: payment.trxID,
          refundTrxID,
          transactionStatus: 'Completed',
          amount: body.amount,
          currency: payment.currency,
          charge: '0.00',
          completedTime: new Date().toISOString(),
        });
      }
      return { status: 404, body: { statusCode: '404', statusMessage: 'Not found' } };
    },
    (method, path) => `${method} ${path.replace(/^.*\/tokenized\/checkout/, '')}`,
  );

  return Object.assign(server, {
    credentials,
    payments,
    setTokenSeconds(seconds: number) {
      state.tokenSeconds = seconds;
    },
    revokeTokens() {
      tokens.clear();
    },
    approve(paymentID: string) {
      const payment = payments.get(paymentID);
      if (!payment) throw new Error(`no payment ${paymentID}`);
      payment.state = 'Approved';
    },
    cancel(paymentID: string) {
      const payment = payments.get(paymentID);
      if (!payment) throw new Error(`no payment ${paymentID}`);
      payment.state = 'Cancelled';
    },
    callbackOf(paymentID: string, status: 'success' | 'failure' | 'cancel') {
      const payment = payments.get(paymentID);
      if (!payment) throw new Error(`no payment ${paymentID}`);
      const url = new URL(payment.callbackURL);
      url.searchParams.set('paymentID', paymentID);
      url.searchParams.set('status', status);
      return url.toString();
    },
  });
}
