import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BackupStatusView } from '../../../src/shared/contract/backups.ts';
import { listBackups } from '../../../src/server/db/backups.ts';
import { createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';

/**
 * Issue 60 point 1: the owner sees the last good backup and its time on the dashboard, and a
 * failing backup is shown there (GET /api/v1/dashboard/backups, admin only). On SQLite the
 * server's own backups; on PostgreSQL (TEST_DATABASE_URL) the status says the database's tools do it.
 */
const test = useRecordsWorld({ email: 'backup-status-owner@example.com', password: 'backup-status-password' });

test('the last good backup, a failure after it, and only administrators see them', async ({ t, admin, alice }) => {
  const staff = await createStaff(t.app, admin, { name: 'Shift Shana' });
  expect((await call(t, 'GET', '/api/v1/dashboard/backups')).statusCode).toBe(401);
  expect((await call(t, 'GET', '/api/v1/dashboard/backups', alice)).statusCode).toBe(403);
  expect((await call(t, 'GET', '/api/v1/dashboard/backups', staff)).statusCode).toBe(403);
  const status = async () => (await call(t, 'GET', '/api/v1/dashboard/backups', admin)).json().data as BackupStatusView;
  expect(await status()).toMatchObject({
    engine: t.database.engine,
    lastGood: null,
    lastFailure: null,
    everyMinutes: 60,
    keep: 48,
  });
  if (t.database.engine === 'postgres') {
    expect(await t.app.backups.run('test')).toBeUndefined();
    return;
  }
  const made = await t.app.backups.run('asked');
  expect(made).toBeDefined();
  const good = await status();
  expect(good.lastGood).toMatchObject({ file: made?.file.split('/').at(-1), at: made?.at, bytes: made?.bytes });
  expect(good.lastFailure).toBeNull();
  expect(listBackups(t.config.backup.dir)).toHaveLength(1);

  // The backup folder made unusable: the failure is shown, the last good copy still named.
  rmSync(t.config.backup.dir, { recursive: true, force: true });
  mkdirSync(join(t.config.backup.dir, '..'), { recursive: true });
  writeFileSync(t.config.backup.dir, 'a file where the folder should be');
  expect(await t.app.backups.run('asked')).toBeUndefined();
  const failed = await status();
  expect(failed.lastFailure?.message).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/i);
  expect(failed.lastGood?.at).toBe(made?.at);
  rmSync(t.config.backup.dir, { force: true });
});
