import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type LogController } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { type AccessFields, AccessLog, accessLine, replayAccessLog } from '../../../src/server/logging.ts';

/**
 * A replayed answer's access line (src/server/logging.ts `replayAccessLog`, decision 070) is the
 * line Fastify's logger writes for the same fields, byte for byte but the time, without going
 * through `info`; a logger whose lines it could not write the same way gets them through `info`.
 */
function logged(options: pino.LoggerOptions = {}, logController: LogController = new AccessLog()) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info', ...options }, stream) as FastifyBaseLogger,
    logController,
  });
  app.get('/dish/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  return { lines, log: app.log, app };
}

const withoutTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');

const fields: AccessFields[] = [
  { reqId: 'a1b2c3d4-7q', ...accessLine('GET', '/api/v1/allProductsData/7', '127.0.0.1', 200, 0.04321) },
  { reqId: 'a1b2c3d4-7r', ...accessLine('GET', '/api/v1/categorys?lang=bn&x="\\\u00e9', undefined, 200, 3) },
];

describe('replayAccessLog', () => {
  it("writes Fastify's access line for the same fields without calling info", async () => {
    const { lines, log } = logged();
    const write = replayAccessLog(log);
    const info = vi.spyOn(log, 'info');
    for (const line of fields) write(line);
    expect(info).not.toHaveBeenCalled();
    info.mockRestore();
    for (const line of fields) log.info(line, 'request completed');
    await new Promise((done) => setImmediate(done));
    expect(lines).toHaveLength(4);
    expect(withoutTime(lines[0])).toBe(withoutTime(lines[2]));
    expect(withoutTime(lines[1])).toBe(withoutTime(lines[3]));
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 30,
      reqId: 'a1b2c3d4-7q',
      req: { method: 'GET', url: '/api/v1/allProductsData/7', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 0.04,
      msg: 'request completed',
    });
  });

  it('writes nothing below its level', async () => {
    const { lines, log } = logged({ level: 'warn' });
    replayAccessLog(log)(fields[0] as AccessFields);
    await new Promise((done) => setImmediate(done));
    expect(lines).toEqual([]);
  });

  it('leaves a logger it cannot match to info (a formatter, a mixin)', async () => {
    for (const options of [
      { formatters: { level: (label: string) => ({ level: label }) } },
      { mixin: () => ({ app: 'storefront' }) },
    ] satisfies pino.LoggerOptions[]) {
      const { lines, log } = logged(options);
      const write = replayAccessLog(log);
      const info = vi.spyOn(log, 'info');
      write(fields[0] as AccessFields);
      expect(info).toHaveBeenCalledTimes(1);
      await new Promise((done) => setImmediate(done));
      expect(lines).toHaveLength(1);
    }
  });

  it("writes the access line of an answer Fastify made as Fastify's logger writes it", async () => {
    /** The line through `info`, as before decision 070. */
    class ThroughInfo extends AccessLog {
      override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
        const line = accessLine(request.method, request.url, request.ip, reply.statusCode, reply.elapsedTime);
        reply.log.info(line, 'request completed');
      }
    }
    const byHand = logged();
    const throughInfo = logged({}, new ThroughInfo());
    const info = vi.spyOn(byHand.log, 'info');
    for (const { app } of [byHand, throughInfo])
      for (const url of ['/dish/7', '/dish/8?q=%22a%22', '/nowhere']) await app.inject({ url });
    await new Promise((done) => setImmediate(done));
    const same = (line: string) => line.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[\d.]+/, '');
    expect(byHand.lines.map(same)).toEqual(throughInfo.lines.map(same));
    const completed = byHand.lines.filter((line) => line.includes('"request completed"'));
    expect(completed).toHaveLength(3);
    // Every line but Fastify's own "not found" went by hand.
    expect(info).toHaveBeenCalledTimes(1);
    expect(JSON.parse(completed[2] as string)).toMatchObject({ reqId: 'req-3', res: { statusCode: 404 } });
  });
});
