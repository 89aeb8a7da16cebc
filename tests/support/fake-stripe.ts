import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { type FakeServer, startFakeServer } from './fake-provider.ts';

/**
 * A local server answering the calls the official `stripe` library makes for Checkout, as
 * Stripe's API documents them (docs.stripe.com/api): form-encoded bodies, `Authorization:
 * Bearer sk_…`, `Idempotency-Key` honoured (the same key answers the same object, a key reused
 * with other parameters is 400 idempotency_error), errors as `{ error: { type, message } }`.
 *   POST /v1/checkout/sessions            → a session (status open, url, amount_total)
 *   GET  /v1/checkout/sessions/:id        → it, with payment_intent once paid
 *   GET  /v1/payment_intents/:id          → the PaymentIntent (succeeded, amount_received)
 *   POST /v1/checkout/sessions/:id/expire → the open session expired (400 when it is not open)
 *   POST /v1/refunds                      → a refund (never more than received)
 * The test plays the guest (`pay`, `expire`) and Stripe's webhook sender (`deliver`).
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  expires_at: number;
  mode: 'payment';
  livemode: false;
}

export interface FakeStripe extends FakeServer {
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  intents: Map<
    string,
    {
      id: string;
      object: 'payment_intent';
      status: string;
      amount: number;
      amount_received: number;
      currency: string;
      metadata: Record<string, string>;
    }
  >;
  refunds: Map<
    string,
    { id: string; object: 'refund'; amount: number; payment_intent: string; status: 'succeeded'; currency: string }
  >;
  /** Every Idempotency-Key received, in order (with its "METHOD /path"). */
  keys: { key: string; call: string }[];
  /** The guest pays on the hosted page: the session completes and its PaymentIntent succeeds. Returns the webhook events Stripe would send. */
  pay(sessionId: string): Stripe.Event[];
  /** The session runs out (24 h in real life). */
  expire(sessionId: string): Stripe.Event[];
  /** Sends an event to a webhook endpoint as Stripe does (signed with the webhook secret, or `secret`). */
  deliver(url: string, event: Stripe.Event, options?: { secret?: string; signature?: string }): Promise<Response>;
  /** The Stripe-Signature header Stripe would send with this body (the library's generateTestHeaderString). */
  signer(payload: string, secret?: string): string;
  /** The amount refunded on a PaymentIntent so far. */
  refundedOn(intentId: string): number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(
  secretKey = 'sk_test_fakefakefake123',
  webhookSecret = 'whsec_fakefakefake123',
): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const intents: FakeStripe['intents'] = new Map();
  const refunds: FakeStripe['refunds'] = new Map();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const keys: FakeStripe['keys'] = [];
  const signer = new Stripe(secretKey);

  const stripeError = (status: number, type: string, message: string) => ({
    status,
    body: { error: { type, message } },
  });

  const server: FakeServer = await startFakeServer(
    'Stripe',
    async (req, body, url) => {
      // The hosted payment page the guest is sent to (card data is typed there, never at the restaurant).
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) return hostedPage(req.method ?? 'GET', page[1] ?? '');
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      const form = new URLSearchParams(body);
      const key = req.headers['idempotency-key'];
      const fingerprint = `${req.method} ${url.pathname} ${body}`;
      if (typeof key === 'string') keys.push({ key, call: `${req.method ?? ''} ${url.pathname}` });
      if (req.method === 'POST' && typeof key === 'string') {
        const seen = idempotent.get(key);
        if (seen) {
          if (seen.fingerprint !== fingerprint)
            return stripeError(
              400,
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          return { status: seen.status, body: seen.body, headers: { 'idempotent-replayed': 'true' } };
        }
      }
      const answer = handle(req.method ?? 'GET', url.pathname, form);
      if (req.method === 'POST' && typeof key === 'string' && answer.status < 500)
        idempotent.set(key, { fingerprint, ...answer });
      return answer;
    },
    (method, path) => `${method} ${path.replace(/\/(cs|pi|re)_[0-9a-z_]+$/i, '/:id')}`,
  );

  function handle(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
      const currency = form.get('line_items[0][price_data][currency]') ?? '';
      if (form.get('mode') !== 'payment' || !Number.isInteger(amount) || amount <= 0 || !/^[a-z]{3}$/.test(currency))
        return stripeError(400, 'invalid_request_error', 'Invalid line_items or mode');
      const successUrl = form.get('success_url') ?? '';
      const expiresAt = form.has('expires_at')
        ? Number(form.get('expires_at'))
        : Math.floor(Date.now() / 1000) + 24 * 3600;
      const sessionId = id('cs_test');
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * quantity,
        currency,
        url: `${server.base}/pay/${sessionId}`,
        success_url: successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
        cancel_url: form.get('cancel_url') ?? '',
        client_reference_id: form.get('client_reference_id'),
        metadata,
        payment_intent: null,
        mode: 'payment',
        livemode: false,
        expires_at: expiresAt,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    let m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const session = sessions.get(m[1] ?? '');
      // An open session runs out at its expires_at, as Stripe's do.
      if (session?.status === 'open' && session.expires_at * 1000 <= Date.now()) session.status = 'expired';
      return session
        ? { status: 200, body: session }
        : stripeError(404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`);
    }
    m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && m) {
      const session = sessions.get(m[1] ?? '');
      if (!session) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`);
      if (session.status !== 'open')
        return stripeError(
          400,
          'invalid_request_error',
          'Only Checkout Sessions with a status in ["open"] can be expired.',
        );
      session.status = 'expired';
      return { status: 200, body: session };
    }
    m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const intent = intents.get(m[1] ?? '');
      return intent
        ? { status: 200, body: intent }
        : stripeError(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return stripeError(404, 'invalid_request_error', 'No such payment_intent');
      const already = fakeRefundedOn(intent.id);
      const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount_received - already;
      if (!Number.isInteger(amount) || amount <= 0 || already + amount > intent.amount_received) {
        return stripeError(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount_received - already})`,
        );
      }
      const refund = {
        id: id('re'),
        object: 'refund' as const,
        amount,
        payment_intent: intent.id,
        status: 'succeeded' as const,
        currency: intent.currency,
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  function pay(sessionId: string): Stripe.Event[] {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const faults = server.faults;
    const intentId = session.payment_intent ?? id('pi');
    const received = session.amount_total - faults.amountShort;
    const intent = {
      id: intentId,
      object: 'payment_intent' as const,
      status: 'succeeded',
      amount: received,
      amount_received: received,
      currency: faults.otherCurrency ?? session.currency,
      metadata: session.metadata,
    };
    intents.set(intentId, intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId });
    const events = [
      event('checkout.session.completed', { ...session }),
      event('payment_intent.succeeded', { ...intent }),
    ];
    return faults.successTwice ? [...events, event('checkout.session.completed', { ...session })] : events;
  }

  /** GET: a page with a Pay button; POST: the payment goes through and the guest is sent to success_url. */
  function hostedPage(
    method: string,
    sessionId: string,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open')
      return {
        status: 404,
        body: '<!doctype html><title>Expired</title><p>This payment page has expired.',
        headers: { 'content-type': 'text/html; charset=utf-8' },
      };
    if (method === 'POST') {
      pay(sessionId);
      return {
        status: 303,
        body: '',
        headers: { 'content-type': 'text/html; charset=utf-8', location: session.success_url },
      };
    }
    const amount = (session.amount_total / 100).toFixed(2);
    return {
      status: 200,
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Pay</title></head><body><main><h1>Pay ${amount} ${session.currency.toUpperCase()}</h1><form method="post"><button type="submit">Pay</button></form><p><a href="${session.cancel_url}">Back to the restaurant</a></p></main></body></html>`,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    };
  }

  function fakeRefundedOn(intentId: string): number {
    let sum = 0;
    for (const r of refunds.values()) if (r.payment_intent === intentId) sum += r.amount;
    return sum;
  }

  function event(type: string, object: unknown): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event;
  }

  return Object.assign(server, {
    secretKey,
    webhookSecret,
    sessions,
    intents,
    refunds,
    keys,
    pay,
    expire(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      return [event('checkout.session.expired', { ...session })];
    },
    async deliver(url: string, ev: Stripe.Event, options: { secret?: string; signature?: string } = {}) {
      const payload = JSON.stringify(ev);
      const header =
        options.signature ??
        signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      return fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
    },
    refundedOn: fakeRefundedOn,
    signer: (payload: string, secret?: string) =>
      signer.webhooks.generateTestHeaderString({ payload, secret: secret ?? webhookSecret }),
  });
}
