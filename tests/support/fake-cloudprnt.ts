/**
 * A fake Star CloudPRNT printer for the tests (docs/reference/service.md "Printers that pull their jobs"): it
 * polls its address as a real one does (POST its status as JSON; on `jobReady`, GET the job in
 * the first media type it supports with the job token; then DELETE with the result code), and
 * keeps what it printed. `confirms: false` makes one that prints but whose confirmations never
 * arrive; `stop()` and `start()` make one that goes away and comes back.
 */

export interface PrintedCopy {
  token: string;
  type: string;
  bytes: Buffer;
  /** The bytes as Latin-1, to look for the printed words. */
  text: string;
  /** Which server answered the fetch (a two-server test polls both in turn). */
  server: string;
  /** When it was fetched (this machine's clock, ms). */
  at: number;
}

export interface FakePrinterOptions {
  /** Where to poll: one address, or the same path on several servers (polled in turn). */
  urls: string[];
  /** The media types this model prints, in its order of preference. */
  supports?: string[];
  confirms?: boolean;
  mac?: string;
}

export class FakeCloudPrntPrinter {
  readonly printed: PrintedCopy[] = [];
  polls = 0;
  private turn = 0;
  private running = false;
  private loop: Promise<void> | undefined;
  confirms: boolean;
  readonly supports: string[];
  readonly mac: string;

  constructor(private readonly options: FakePrinterOptions) {
    this.confirms = options.confirms ?? true;
    this.supports = options.supports ?? ['application/vnd.star.starprnt'];
    this.mac =
      options.mac ??
      `00:11:62:${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')
        .replace(/(..)(..)(..)/, '$1:$2:$3')}`;
  }

  private nextUrl(): string {
    const url = this.options.urls[this.turn % this.options.urls.length] as string;
    this.turn += 1;
    return url;
  }

  /** One poll; answers the copy it printed, if any. */
  async pollOnce(): Promise<PrintedCopy | undefined> {
    this.polls += 1;
    const url = this.nextUrl();
    const poll = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status: '23 86 0 0 0 0 0 0 0 ',
        printerMAC: this.mac,
        statusCode: '200%20OK',
        printingInProgress: false,
        clientAction: null,
      }),
    });
    if (poll.status !== 200) throw new Error(`poll: ${poll.status} ${await poll.text()}`);
    const answer = (await poll.json()) as {
      jobReady: boolean;
      mediaTypes?: string[];
      jobToken?: string;
      deleteMethod?: string;
    };
    if (!answer.jobReady) return undefined;
    const type = this.supports.find((t) => answer.mediaTypes?.includes(t));
    if (!type || !answer.jobToken) throw new Error(`no media type in common: ${JSON.stringify(answer)}`);
    const token = answer.jobToken;
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({ mac: this.mac, uid: this.mac, token, ...extra }).toString();
    const jobUrl = this.nextUrl();
    const job = await fetch(`${jobUrl}?${query({ type })}`);
    if (job.status !== 200) throw new Error(`job: ${job.status} ${await job.text()}`);
    const bytes = Buffer.from(await job.arrayBuffer());
    const copy = {
      token,
      type: job.headers.get('content-type') ?? '',
      bytes,
      text: bytes.toString('latin1'),
      server: new URL(jobUrl).host,
      at: Date.now(),
    };
    this.printed.push(copy);
    if (this.confirms) {
      const done = await fetch(`${this.nextUrl()}?${query({ code: '200 OK' })}`, {
        method: answer.deleteMethod ?? 'DELETE',
      });
      if (done.status !== 200) throw new Error(`confirm: ${done.status} ${await done.text()}`);
    }
    return copy;
  }

  /** Polls until nothing is ready; answers what it printed meanwhile. */
  async drain(limit = 1000): Promise<PrintedCopy[]> {
    const copies: PrintedCopy[] = [];
    for (let i = 0; i < limit; i += 1) {
      const copy = await this.pollOnce();
      if (!copy) return copies;
      copies.push(copy);
    }
    throw new Error('the printer never ran out of jobs');
  }

  /** Polls every `intervalMs`, at once again after a job (as a CloudPRNT printer does). */
  start(intervalMs: number): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const copy = await this.pollOnce().catch(() => undefined);
        if (!copy) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}
