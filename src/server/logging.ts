import { fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
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

/**
 * One access line per request, written when the answer has gone: method, URL, client,
 * status and time, with the request id (Fastify's default writes two lines per request, and
 * serializes the whole request for the first). The arrival is logged at debug level only.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: { method: request.method, url: request.url } }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = accessLine(request.method, request.url, request.ip, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
