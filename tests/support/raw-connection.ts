import { type Socket, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A raw connection to `port` on 127.0.0.1 that records what the server sent and whether it closed. */
export async function rawConnection(
  to: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(to, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => text, closed };
}

/** Resolves true when `closed` settles first, false after `ms` (the bound of a test that would otherwise hang). */
export const closesWithin = (closed: Promise<void>, ms: number) =>
  Promise.race([closed.then(() => true), sleep(ms).then(() => false)]);
