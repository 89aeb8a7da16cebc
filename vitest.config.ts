import { defineConfig, mergeConfig } from 'vitest/config';
import { clientConfig } from './vite.config.ts';

/**
 * Three suites: `unit` (pure logic and React components), `api` (the server through
 * app.inject on a real temp database: SQLite, or PostgreSQL when TEST_DATABASE_URL is
 * set) and `e2e` (the built app started as `npm start` starts it, driven by Chromium).
 */
export default mergeConfig(
  clientConfig,
  defineConfig({
    root: '.',
    test: {
      setupFiles: ['tests/support/fail-on-console.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
          },
          resolve: { conditions: ['module', 'browser', 'development|production'] },
        },
        {
          extends: true,
          test: {
            name: 'api',
            include: ['tests/api/**/*.test.ts'],
            // The PostgreSQL fault test stops and starts a cluster of its own: only in the PostgreSQL run.
            exclude: process.env.TEST_DATABASE_URL ? [] : ['tests/api/**/postgres-*.test.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 180_000,
            fileParallelism: false,
            // On a busy machine (CI's two runs side by side) a page's reads may take longer than
            // expect.poll's default second: a poll without its own time waits up to ten for its
            // condition, which it must still meet.
            expect: { poll: { timeout: 10_000 } },
          },
        },
      ],
    },
  }),
);
