import { test as base } from 'vitest';
import type { AppOptions } from '../../src/server/app.ts';
import { type RecordsWorld, startRecordsWorld } from './records.ts';
import { type TestApp, createTestApp } from './test-app.ts';

/**
 * Per-file fixtures instead of module-level `let`s: a test names what it needs and gets it,
 * built once for its file and closed after it.
 *
 *   const test = useTestApp();
 *   test('…', async ({ app }) => { await app.app.inject(…) });
 *
 *   const test = useRecordsWorld({ email, password });
 *   test('…', async ({ world: { t, alice, dishes } }) => { … });
 */

/** A fresh app on a fresh database (see test-app.ts), shared by the tests of one file. */
export function useTestApp(env: Record<string, string> = {}, options: Pick<AppOptions, 'identityLimits'> = {}) {
  // eslint-disable-next-line no-empty-pattern -- Vitest reads the fixtures a fixture needs from this pattern
  return base.extend('app', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestApp> => {
    const app = await createTestApp(env, options);
    onCleanup(() => app.close());
    return app;
  });
}

/** The app with Alice, Bob, the first administrator and the menu (records.ts), shared by the tests of one file. */
export function useRecordsWorld(admin: { email: string; password: string }) {
  // eslint-disable-next-line no-empty-pattern -- Vitest reads the fixtures a fixture needs from this pattern
  return base.extend('world', { scope: 'file' }, async ({}, { onCleanup }): Promise<RecordsWorld> => {
    const world = await startRecordsWorld(admin);
    onCleanup(() => world.t.close());
    return world;
  });
}
