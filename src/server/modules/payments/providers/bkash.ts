import {
  type Created,
  type CreateInput,
  type PaymentProvider,
  ProviderError,
  type RefundInput,
  type Refunded,
  type Verified,
  type VerifyInput,
  decimalText,
  minorOfText,
} from './provider.ts';

export interface BkashSettings {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** The tokenized checkout's base, e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout */
  baseUrl: string;
  timeoutMs?: number;
  now?: () => number;
}

type Answer = Record<string, unknown>;

/** bKash's transaction statuses, as ours. */
function statusOf(transactionStatus: unknown): Verified['status'] {
  switch (transactionStatus) {
    case 'Completed':
      return 'succeeded';
    case 'Failed':
    case 'Cancelled':
      return 'failed';
    case 'Expired':
      return 'expired';
    default:
      return 'pending';
  }
}

/**
 * bKash tokenized checkout (developer.bka.sh "Tokenized Checkout", without agreement, mode
 * 0011): a grant token kept until shortly before it expires and then refreshed (granted anew
 * when the refresh is refused), create → the guest approves on bKash's page → execute (the only
 * call that moves money) → payment/status to ask again, and payment/refund. bKash answers
 * business errors with HTTP 200 and a `statusCode` other than "0000".
 */
export function createBkashProvider(settings: BkashSettings): PaymentProvider {
  const now = settings.now ?? Date.now;
  let token: { id: string; refresh: string; until: number } | undefined;
  let granting: Promise<string> | undefined;

  async function post(path: string, body: Answer, headers: Record<string, string>): Promise<Answer> {
    let res: Response;
    try {
      res = await fetch(`${settings.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 8_000),
      });
    } catch (error) {
      throw new ProviderError(
        'bkash',
        `bKash ${path}: ${error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'not reachable'}`,
      );
    }
    if (res.status >= 500) throw new ProviderError('bkash', `bKash ${path}: ${res.status}`);
    let answer: Answer;
    try {
      answer = (await res.json()) as Answer;
    } catch {
      throw new ProviderError('bkash', `bKash ${path}: an answer that is not JSON (${res.status})`);
    }
    if (res.status >= 400)
      throw new ProviderError(
        'bkash',
        `bKash ${path}: ${res.status} ${String(answer.statusMessage ?? answer.message ?? '')}`.trim(),
        res.status !== 401 && res.status !== 429,
      );
    return answer;
  }

  const credentials = () => ({ username: settings.username, password: settings.password });

  async function grant(): Promise<string> {
    const previous = token;
    let answer: Answer | undefined;
    if (previous) {
      try {
        answer = await post(
          '/token/refresh',
          { app_key: settings.appKey, app_secret: settings.appSecret, refresh_token: previous.refresh },
          credentials(),
        );
        if (typeof answer.id_token !== 'string') answer = undefined;
      } catch {
        answer = undefined;
      }
    }
    answer ??= await post('/token/grant', { app_key: settings.appKey, app_secret: settings.appSecret }, credentials());
    if (typeof answer.id_token !== 'string')
      throw new ProviderError(
        'bkash',
        `bKash did not grant a token (${String(answer.statusCode ?? answer.statusMessage ?? 'no token')})`,
      );
    const seconds = Number(answer.expires_in) > 0 ? Number(answer.expires_in) : 3600;
    token = {
      id: answer.id_token,
      refresh: typeof answer.refresh_token === 'string' ? answer.refresh_token : (previous?.refresh ?? ''),
      until: now() + (seconds - 60) * 1000,
    };
    return token.id;
  }

  /** The grant token, from the cache while it lasts; one grant at a time however many calls wait. */
  async function idToken(): Promise<string> {
    if (token && token.until > now()) return token.id;
    granting ??= grant().finally(() => (granting = undefined));
    return granting;
  }

  /** A call with the grant token; a token bKash no longer takes (401) is granted anew once. */
  async function call(path: string, body: Answer): Promise<Answer> {
    const used = await idToken();
    try {
      return await post(path, body, { authorization: used, 'x-app-key': settings.appKey });
    } catch (error) {
      if (!(error instanceof ProviderError) || !/: 401\b/.test(error.message)) throw error;
      if (token?.id === used) token = { ...token, until: 0 };
      return post(path, body, { authorization: await idToken(), 'x-app-key': settings.appKey });
    }
  }

  function businessError(answer: Answer): string | undefined {
    const code = answer.statusCode ?? answer.errorCode;
    return code !== undefined && code !== '0000'
      ? `${String(code)} ${String(answer.statusMessage ?? answer.errorMessage ?? '')}`.trim()
      : undefined;
  }

  function verified(answer: Answer): Verified {
    return {
      status: statusOf(answer.transactionStatus),
      amount: minorOfText(answer.amount),
      currency: String(answer.currency ?? ''),
      ...(typeof answer.trxID === 'string' && answer.trxID !== '' ? { captureRef: answer.trxID } : {}),
    };
  }

  return {
    name: 'bkash',

    async create(input: CreateInput): Promise<Created> {
      const answer = await call('/create', {
        mode: '0011',
        payerReference: String(input.paymentId),
        callbackURL: input.returnUrl,
        amount: decimalText(input.amount),
        currency: input.currency,
        intent: 'sale',
        // The payment's key (with the install's id): two installs on one bKash account never share an invoice number.
        merchantInvoiceNumber: input.key.slice(0, 255),
      });
      const error = businessError(answer);
      if (error || typeof answer.paymentID !== 'string' || typeof answer.bkashURL !== 'string')
        throw new ProviderError(
          'bkash',
          `bKash did not create the payment (${error ?? 'no paymentID'})`,
          error !== undefined,
        );
      return { providerRef: answer.paymentID, redirectUrl: answer.bkashURL };
    },

    /**
     * Execute (which moves the money once the guest approved; refused when already executed or
     * not approved), then ask for the status, which is what we believe.
     */
    async verify(input: VerifyInput): Promise<Verified> {
      if (!input.captureRef && input.returned !== 'failure' && input.returned !== 'cancel') {
        try {
          const executed = await call('/execute', { paymentID: input.providerRef });
          if (!businessError(executed) && executed.transactionStatus === 'Completed') return verified(executed);
        } catch (error) {
          // Not approved yet, or already executed: the status below says which.
          if (!(error instanceof ProviderError)) throw error;
        }
      }
      const status = await call('/payment/status', { paymentID: input.providerRef });
      const error = businessError(status);
      if (error) throw new ProviderError('bkash', `bKash did not say how the payment went (${error})`);
      const result = verified(status);
      // The guest came back saying it failed and bKash has no completed payment: it is over.
      if (result.status === 'pending' && (input.returned === 'failure' || input.returned === 'cancel'))
        return { ...result, status: 'failed' };
      return result;
    },

    async refund(input: RefundInput): Promise<Refunded> {
      if (!input.captureRef) throw new ProviderError('bkash', 'bKash: this payment has no transaction to refund', true);
      const answer = await call('/payment/refund', {
        paymentID: input.providerRef,
        trxID: input.captureRef,
        amount: decimalText(input.amount),
        sku: input.key.slice(0, 255),
        reason: input.reason.slice(0, 255),
      });
      const error = businessError(answer);
      if (error) throw new ProviderError('bkash', `bKash refused the refund (${error})`, true);
      if (typeof answer.refundTrxID !== 'string')
        throw new ProviderError('bkash', 'bKash answered the refund without a refund transaction');
      const amount = minorOfText(answer.amount);
      return { refundRef: answer.refundTrxID, amount: Number.isFinite(amount) ? amount : input.amount };
    },
  };
}
