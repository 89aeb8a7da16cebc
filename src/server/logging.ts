import { fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's log: pino JSON lines on stdout, one access line per request.
 *
 * Writing them can never hold the process. Node writes to a pipe synchronously on Linux, so
 * once whoever reads our output stops reading (a closed terminal, a dead log shipper) and
 * the pipe's 64 KB fill up, every log call would block the event loop for good: no request
 * answered, no shutdown timer fired, the process alive forever. Here a pipe or socket on
 * stdout is written through a non-blocking handle of its own: lines are batched per turn of
 * the event loop (one write for many requests under load), queued in memory while the reader
 * is slow, dropped beyond MAX_QUEUED_BYTES, and abandoned at exit. A file or terminal keeps
 * pino's ordinary synchronous destination (neither blocks for good).
 */
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

interface LogOutput {
  stream: DestinationStream;
  /** Waits until what is queued has been written, or `ms` passed, whichever is first. */
  drain(ms: number): Promise<void>;
}

function isPipeOrSocket(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/** A non-blocking, batching writer on a pipe or socket fd. */
function pipeOutput(fd: number): LogOutput {
  const socket = new Socket({ fd, readable: false, writable: true });
  let broken = false;
  socket.on('error', () => {
    // The reader went away (EPIPE): logging stops, serving goes on.
    broken = true;
  });
  socket.unref();
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (broken || pending === '') return;
    const chunk = pending;
    pending = '';
    if (socket.writableLength + chunk.length > MAX_QUEUED_BYTES) return; // the reader is gone for good: drop
    socket.write(chunk);
  };
  return {
    stream: {
      write(line: string) {
        if (broken) return;
        pending += line;
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      },
    },
    async drain(ms) {
      flush();
      if (broken || socket.writableLength === 0) return;
      await new Promise<void>((done) => {
        const timer = setTimeout(done, ms);
        socket.once('drain', () => {
          clearTimeout(timer);
          done();
        });
      });
    },
  };
}

export function createLogOutput(fd = 1): LogOutput {
  if (isPipeOrSocket(fd)) return pipeOutput(fd);
  return { stream: pino.destination({ dest: fd, sync: true }), drain: async () => {} };
}

export function createLogger(level: string, output: LogOutput): Logger {
  return pino({ level }, output.stream);
}

/**
 * What an access line says about one answer: method, URL, client, status and time. Written
 * through Fastify's logger, whose `req` serializer names the client `remoteAddress`.
 */
export function accessLine(method: string, url: string, ip: string | undefined, statusCode: number, elapsedMs: number) {
  return { req: { method, url, ip }, res: { statusCode }, responseTime: Math.round(elapsedMs * 100) / 100 };
}

/** An access line with its request id, as the replay cache writes one (replay-cache.ts). */
export type AccessFields = { reqId: string } & ReturnType<typeof accessLine>;

type PinoInternals = Record<symbol, unknown> & {
  [key: symbol]: unknown;
  levels: { values: Record<string, number> };
  isLevelEnabled(level: string): boolean;
  msgPrefix?: string;
  info(object: object, message: string): void;
};

/** A logger's access lines joined by hand: its bindings, and the line for fields and a time. */
interface HandLines {
  chindings: string;
  serializers: unknown;
  stream: DestinationStream;
  render(line: AccessFields, time: string): string;
}

/**
 * An access line, as `logger.info(line, 'request completed')` writes it, byte for byte, without
 * pino's generic walk over the line's objects (a third of the CPU of a replayed dish's line:
 * issue 59, decision 070): joined from its fields and the logger's own bindings (pid, hostname),
 * for its stream. Checked once against pino's own rendering (`asJson`, which `info` writes, with
 * the logger's serializers and formatters) on sample lines; undefined if any differs, or if the
 * logger has what that rendering does not show (a mixin, hooks, a message prefix, another clock,
 * a stream that wants each line's level): its lines then go through `info` as before.
 */
function handLines(logger: FastifyBaseLogger | Logger): HandLines | undefined {
  const internals = logger as unknown as PinoInternals;
  const symbols = pino.symbols;
  const stream = internals[symbols.streamSym] as (DestinationStream & Record<symbol, unknown>) | undefined;
  const chindings = internals[symbols.chindingsSym];
  const hooks = internals[symbols.hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const asJson = internals[symbols.asJsonSym] as ((o: object, m: string, n: number, t: string) => string) | undefined;
  if (
    stream === undefined ||
    typeof chindings !== 'string' ||
    typeof asJson !== 'function' ||
    internals.levels?.values?.info !== 30 ||
    internals[symbols.mixinSym] ||
    hooks?.logMethod ||
    hooks?.streamWrite ||
    internals.msgPrefix ||
    internals[symbols.timeSym] !== pino.stdTimeFunctions.epochTime ||
    stream[symbols.needsMetadataGsym] === true
  )
    return undefined;
  const render = ({ reqId, req, res, responseTime }: AccessFields, time: string): string =>
    `{"level":30${time}${chindings},"reqId":${JSON.stringify(reqId)},"req":{"method":${JSON.stringify(req.method)},` +
    `"url":${JSON.stringify(req.url)}${req.ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(req.ip)}`}},` +
    `"res":{"statusCode":${res.statusCode}},"responseTime":${Number.isFinite(responseTime) ? responseTime : null},` +
    `"msg":"request completed"}\n`;
  const samples: AccessFields[] = [
    { reqId: '1a2b3c4d-0', ...accessLine('GET', '/api/v1/allProductsData/12', '127.0.0.1', 200, 0.0412) },
    { reqId: '1a2b3c4d-zz', ...accessLine('POST', '/s?q="a\\b"%20\u00e9\t', undefined, 404, 12.345) },
    { reqId: 'x', ...accessLine('GET', '/', '::ffff:203.0.113.9', 304, 0) },
  ];
  for (const sample of samples)
    if (render(sample, ',"time":1') !== asJson.call(logger, sample, 'request completed', 30, ',"time":1'))
      return undefined;
  return { chindings, serializers: internals[symbols.serializersSym], stream, render };
}

/** The access line of a replayed answer (replay-cache.ts), as Fastify's logger writes it (handLines). */
export function replayAccessLog(logger: FastifyBaseLogger | Logger): (line: AccessFields) => void {
  const internals = logger as unknown as PinoInternals;
  const hand = handLines(logger);
  if (hand === undefined) return (line) => internals.info(line, 'request completed');
  return (line) => {
    if (internals.isLevelEnabled('info')) hand.stream.write(hand.render(line, `,"time":${Date.now()}`));
  };
}

/**
 * One access line per request, written when the answer has gone: method, URL, client,
 * status and time, with the request id (Fastify's default writes two lines per request, and
 * serializes the whole request for the first). The arrival is logged at debug level only.
 */
export class AccessLog extends LogController {
  /** The server's logger's lines joined by hand (handLines), once known; null: through `info`. */
  #hand: HandLines | null | undefined;

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: { method: request.method, url: request.url } }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = accessLine(request.method, request.url, request.ip, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (!this.#byHand(request, reply, line)) reply.log.info(line, 'request completed');
  }

  /**
   * Writes the line by hand when the request's logger is the server's with only the request id
   * added (Fastify's child per request: the same serializers, the id its one binding); the line
   * is then the one `info` writes, the id where the binding puts it. False: it was not written.
   */
  #byHand(request: FastifyRequest, reply: FastifyReply, line: ReturnType<typeof accessLine>): boolean {
    if (this.#hand === undefined) this.#hand = handLines(request.server.log) ?? null;
    const hand = this.#hand;
    const log = reply.log as unknown as PinoInternals;
    if (
      hand === null ||
      log[pino.symbols.serializersSym] !== hand.serializers ||
      log[pino.symbols.chindingsSym] !== `${hand.chindings},"reqId":${JSON.stringify(request.id)}`
    )
      return false;
    if (log.isLevelEnabled('info'))
      hand.stream.write(hand.render({ reqId: request.id, ...line }, `,"time":${Date.now()}`));
    return true;
  }
}
