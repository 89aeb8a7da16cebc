import { MAIN_BRANCH_ID } from '../../db/branch.ts';
import type SqliteDatabase from 'better-sqlite3';
import type { BackupStatusView } from '../../../shared/contract/backups.ts';
import { minutesOf } from '../../../shared/domain/clock-time.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import {
  type BackupFile,
  type BackupStatus,
  readBackupStatus,
  takeBackup,
  writeBackupStatus,
} from '../../db/backups.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';

/** How often the schedule looks whether the day's close has passed. */
const CLOSE_CHECK_MS = 60_000;

export interface BackupsDeps {
  /** The first branch's hours: the install's backup follows its close. */
  restaurant: Pick<RestaurantService, 'at'>;
  now: () => number;
  log: { info: (details: object, message: string) => void; error: (details: object, message: string) => void };
}

/**
 * The server's backups (decision 056): on SQLite, one every BACKUP_EVERY and one when the day's
 * last opening span closes, and one whenever `npm run backup` asks (SIGUSR2, main.ts); never two
 * at once (a second asked meanwhile waits for the first). What the last run gave is kept for the
 * dashboard and written beside the copies. On PostgreSQL the database's own tools back it up:
 * the status says so.
 */
export function createBackupsService(database: Database, config: Pick<Config, 'backup'>, deps: BackupsDeps) {
  const { dir, keep, stepPages, everyMs } = config.backup;
  const status: BackupStatus =
    database.engine === 'sqlite' ? readBackupStatus(dir) : { lastGood: null, lastFailure: null };
  let running: Promise<BackupFile | undefined> | undefined;
  // The day whose close was backed up; null until the first look (a start after the close does not count as one).
  let closedOn: string | undefined | null = null;
  const timers: NodeJS.Timeout[] = [];

  async function once(reason: string): Promise<BackupFile | undefined> {
    if (database.engine !== 'sqlite') return undefined;
    const native: SqliteDatabase.Database = database.native;
    const started = performance.now();
    try {
      const made = await takeBackup(native, dir, { keep, stepPages, now: deps.now });
      status.lastGood = made;
      status.lastFailure = null;
      deps.log.info(
        { reason, file: made.file, bytes: made.bytes, ms: Math.round(performance.now() - started) },
        'backup taken',
      );
      return made;
    } catch (error) {
      status.lastFailure = {
        at: new Date(deps.now()).toISOString(),
        message: error instanceof Error ? error.message : String(error),
      };
      deps.log.error({ reason, err: error }, 'backup failed');
      return undefined;
    } finally {
      try {
        writeBackupStatus(dir, { ...status, finishedAt: new Date(deps.now()).toISOString() });
      } catch (error) {
        deps.log.error({ err: error }, 'could not write the backup status');
      }
    }
  }

  function run(reason: string): Promise<BackupFile | undefined> {
    const next = (running ?? Promise.resolve(undefined)).then(() => once(reason));
    running = next;
    void next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  /** Once the day's last span has closed, one backup for that day. */
  async function afterClose(): Promise<void> {
    const settings = await deps.restaurant.at(MAIN_BRANCH_ID).get();
    const clock = wallClockOf(deps.now(), settings.timeZone);
    const closes = settings.openingHours
      .filter((span) => span.day === clock.weekday)
      .map((span) => Math.min(minutesOf(span.close), 24 * 60 - 1));
    const closed = closes.length > 0 && clock.minutes >= Math.max(...closes);
    const first = closedOn === null;
    if (!closed || closedOn === clock.date) {
      if (first) closedOn = undefined;
      return;
    }
    closedOn = clock.date;
    if (!first) await run('day closed');
  }

  return {
    run,

    start(): void {
      if (database.engine !== 'sqlite') return;
      if (everyMs !== null) timers.push(setInterval(() => void run('schedule'), everyMs).unref());
      timers.push(
        setInterval(
          () =>
            void afterClose().catch((error: unknown) =>
              deps.log.error({ err: error }, 'could not check the day’s close'),
            ),
          CLOSE_CHECK_MS,
        ).unref(),
      );
    },

    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await running;
    },

    status(): BackupStatusView {
      return {
        engine: database.engine,
        everyMinutes: everyMs === null ? null : everyMs / 60_000,
        keep,
        lastGood: status.lastGood
          ? {
              file: status.lastGood.file.split(/[\\/]/).at(-1) as string,
              at: status.lastGood.at,
              bytes: status.lastGood.bytes,
            }
          : null,
        lastFailure: status.lastFailure,
        running: running !== undefined,
      };
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupsService;
  }
}
