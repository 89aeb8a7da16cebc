import { z } from 'zod';

/**
 * The backups as the owner's dashboard shows them (issue 60, decision 056):
 * GET /api/v1/dashboard/backups (admin). On SQLite the server takes them; on PostgreSQL the
 * database's own tools do (docs/operations/backups.md), and nothing is listed here.
 */
export const backupStatusSchema = z.object({
  engine: z.enum(['sqlite', 'postgres']),
  /** BACKUP_EVERY in minutes; null when the schedule is off (the day's close still backs up). */
  everyMinutes: z.number().nullable(),
  keep: z.number(),
  /** The newest finished, checked copy. */
  lastGood: z.object({ file: z.string(), at: z.string(), bytes: z.number() }).nullable(),
  /** The last run's failure, when it failed after the last good copy. */
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  running: z.boolean(),
});
export type BackupStatusView = z.infer<typeof backupStatusSchema>;

export const backupStatusResponse = z.object({ data: backupStatusSchema });
