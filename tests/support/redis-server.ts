import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { HOST, findFreePort } from './app-process.ts';

/** Debian's redis-server on a free loopback port, without persistence, for the several-servers tests. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://${HOST}:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
    const probe = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 300,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') break;
    } catch {
      // not up yet
    } finally {
      probe.disconnect();
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('redis-server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
