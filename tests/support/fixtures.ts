import { test as base } from 'vitest';
import type { AppOptions } from '../../src/server/app.ts';
import { startRecordsWorld } from './records.ts';
import { type TestApp, createTestApp } from './test-app.ts';

/**
 * Per-file fixtures instead of module-level `let`s: a test names what it needs and gets it,
 * built once for its file and closed after it.
 *
 *   const test = useTestApp();
 *   test('…', async ({ t }) => { await t.app.inject(…) });
 *
 *   const test = useRecordsWorld({ email, password });
 *   test('…', async ({ t, alice, dishes }) => { … });
 */

/** A fresh app on a fresh database (see test-app.ts), shared by the tests of one file. */
export function useTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'identityLimits' | 'clock'> = {},
) {
  // eslint-disable-next-line no-empty-pattern -- Vitest reads the fixtures a fixture needs from this pattern
  return base.extend('t', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestApp> => {
    const t = await createTestApp(env, options);
    onCleanup(() => t.close());
    return t;
  });
}

/**
 * The app with Alice, Bob, the first administrator (`admin`, from ADMIN_EMAIL/ADMIN_PASSWORD)
 * and the menu (`dishes`), shared by the tests of one file (records.ts).
 */
export function useRecordsWorld(
  administrator: { email: string; password: string },
  options: Pick<AppOptions, 'clock' | 'heartbeatMs'> = {},
) {
  return (
    base
      // eslint-disable-next-line no-empty-pattern -- Vitest reads the fixtures a fixture needs from this pattern
      .extend('world', { scope: 'file' }, async ({}, { onCleanup }) => {
        const world = await startRecordsWorld(administrator, options);
        onCleanup(() => world.t.close());
        return world;
      })
      .extend('t', { scope: 'file' }, ({ world }) => world.t)
      .extend('alice', { scope: 'file' }, ({ world }) => world.alice)
      .extend('bob', { scope: 'file' }, ({ world }) => world.bob)
      .extend('admin', { scope: 'file' }, ({ world }) => world.admin)
      .extend('dishes', { scope: 'file' }, ({ world }) => world.dishes)
  );
}
