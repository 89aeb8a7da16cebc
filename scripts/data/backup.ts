import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { loadConfig } from '../../src/server/config.ts';
import { DATABASE_FILE, PID_FILE, STATUS_FILE, type BackupStatus, takeBackup, writeBackupStatus } from '../../src/server/db/backups.ts';

/**
 * `npm run backup` (decision 056, docs/operations/backups.md): one consistent copy of the SQLite
 * database into BACKUP_DIR. With no server running it takes the copy itself; while a server
 * runs (it holds the file locked) it asks that server for one (SIGUSR2, found by DATA_DIR's pid
 * file) and waits for the outcome the server writes. On PostgreSQL it says which tools to use.
 */
const ASK_TIMEOUT_MS = 10 * 60_000;

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations/backups.md), e.g. pg_dump --format=custom --file=storefront.dump "$DATABASE_URL"');
    return 2;
  }
  const file = join(config.dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    console.error(`No database in ${config.dataDir} (${DATABASE_FILE})`);
    return 1;
  }
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    try {
      db.pragma('schema_version');
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      return await askServer(config.dataDir, config.backup.dir);
    }
    const made = await takeBackup(db, config.backup.dir, { keep: config.backup.keep, stepPages: config.backup.stepPages });
    writeBackupStatus(config.backup.dir, { lastGood: made, lastFailure: null, finishedAt: new Date().toISOString() });
    console.log(`Backup written: ${made.file} (${made.bytes} bytes, checked)`);
    return 0;
  } finally {
    db.close();
  }
}

/** A server holds the file: it takes the copy, through its own connection. */
async function askServer(dataDir: string, dir: string): Promise<number> {
  const pid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`${join(dataDir, PID_FILE)} holds no process id`);
  const asked = new Date().toISOString();
  process.kill(pid, 'SIGUSR2');
  console.log(`A server (pid ${pid}) runs on ${dataDir}: asked it for a backup`);
  const deadline = Date.now() + ASK_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await sleep(200);
    let status: BackupStatus & { finishedAt?: string };
    try {
      status = JSON.parse(readFileSync(join(dir, STATUS_FILE), 'utf8')) as BackupStatus & { finishedAt?: string };
    } catch {
      continue;
    }
    if (!status.finishedAt || status.finishedAt < asked) continue;
    if (status.lastFailure && status.lastFailure.at >= asked) {
      console.error(`The backup failed: ${status.lastFailure.message}`);
      return 1;
    }
    if (status.lastGood) {
      console.log(`Backup written: ${status.lastGood.file} (${status.lastGood.bytes} bytes, checked)`);
      return 0;
    }
  }
  console.error('The server did not finish a backup in time; see its log');
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
