/**
 * The simplest reverse proxy for the several-servers bench: each incoming TCP connection goes
 * to the next upstream in turn (round robin) and the bytes are piped both ways, untouched.
 * `PORT=8080 UPSTREAMS=127.0.0.1:3001,127.0.0.1:3002 node --import tsx scripts/bench/round-robin.ts`
 */
import { createServer, connect } from 'node:net';

const upstreams = (process.env.UPSTREAMS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [host, port] = entry.split(':');
    return { host: host ?? '127.0.0.1', port: Number(port) };
  });
if (upstreams.length === 0) throw new Error('UPSTREAMS must list host:port pairs');

let turn = 0;
const server = createServer((client) => {
  const target = upstreams[turn++ % upstreams.length]!;
  const upstream = connect(target.port, target.host);
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', close);
  upstream.on('close', close);
});
server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
