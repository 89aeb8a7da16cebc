/**
 * The baseline of every benchmark: a bare Fastify hello route from the project's own
 * dependencies, in its own process like the real server (PORT, HOST from the environment).
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
