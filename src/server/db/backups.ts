import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Backups of the SQLite file while the server serves (issue 60, decision 056). A copy is taken
 * with SQLite's online backup through the server's own connection (better-sqlite3's `backup`,
 * never a file copy: the file and its WAL are one database only to SQLite), a few pages a step
 * so that requests go on between steps; it is written under a temporary name, checked
 * (`PRAGMA integrity_check`), flushed to the disk and only then renamed to its final name. A
 * kill -9 at any moment leaves the copies already made intact and, at worst, a `.partial` file,
 * which no restore takes and the next backup removes.
 */

/** The database's file in DATA_DIR. */
export const DATABASE_FILE = 'storefront.sqlite';
/** The running server's process id, in DATA_DIR (what `npm run backup` signals). */
export const PID_FILE = 'server.pid';
/** The outcome of the last backup, in the backup folder, for `npm run backup` to read. */
export const STATUS_FILE = 'backup-status.json';
/** A finished copy's name: the instant it was started, in UTC, sortable. */
const FINISHED = /^storefront-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/;
const PARTIAL = /^\.storefront-.*\.partial$/;

export interface BackupFile {
  file: string;
  /** When the copy was taken (ISO). */
  at: string;
  bytes: number;
}

export interface BackupStatus {
  lastGood: BackupFile | null;
  lastFailure: { at: string; message: string } | null;
}

export function backupName(at: Date): string {
  return `storefront-${at.toISOString().replaceAll(':', '-').replace('.', '-')}.sqlite`;
}

/** The finished copies in `dir`, oldest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ name, match: FINISHED.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ name, match }) => ({
      file: join(dir, name),
      at: `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`,
      bytes: statSync(join(dir, name)).size,
    }));
}

/** The database a file holds is whole, and is this application's: else the reason why not. */
export function checkDatabaseFile(file: string): string | undefined {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const result = db.pragma('integrity_check') as { integrity_check: string }[];
    if (result.length !== 1 || result[0]?.integrity_check !== 'ok')
      return `integrity check failed: ${result
        .map((r) => r.integrity_check)
        .slice(0, 5)
        .join('; ')}`;
    const tables = new Set(
      (db.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    for (const table of ['kysely_migration', 'tickets', 'bills'])
      if (!tables.has(table)) return `not a database of this application (no ${table} table)`;
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface BackupOptions {
  /** How many finished copies to keep (the oldest go). */
  keep: number;
  /** Pages copied per step; the server answers requests between steps. */
  stepPages: number;
  now?: () => number;
}

/**
 * One backup of `source` (a connection to the database: the server's own) into `dir`: the
 * finished copy, checked, or an error and no new file but perhaps a `.partial` one.
 */
export async function takeBackup(
  source: SqliteDatabase.Database,
  dir: string,
  options: BackupOptions,
): Promise<BackupFile> {
  mkdirSync(dir, { recursive: true });
  // What a killed backup left (this process runs one at a time; a partial file is never a copy).
  for (const name of readdirSync(dir)) if (PARTIAL.test(name)) unlinkSync(join(dir, name));
  const at = new Date(options.now?.() ?? Date.now());
  const name = backupName(at);
  const partial = join(dir, `.${name}.partial`);
  try {
    await source.backup(partial, { progress: () => options.stepPages });
    const copy = new SqliteDatabase(partial);
    try {
      // The copy is a file of its own: no WAL beside it, readable as it is.
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const problem = checkDatabaseFile(partial);
    if (problem) throw new Error(`the copy is not sound: ${problem}`);
    fsyncPath(partial);
    renameSync(partial, join(dir, name));
    fsyncPath(dir);
  } catch (error) {
    if (existsSync(partial)) unlinkSync(partial);
    throw error;
  }
  const all = listBackups(dir);
  for (const old of all.slice(0, Math.max(0, all.length - options.keep))) unlinkSync(old.file);
  const made = all.find((b) => b.file === join(dir, name));
  if (!made) throw new Error(`the copy ${name} is not in ${dir}`);
  return made;
}

/** The status as the last run wrote it (the newest finished copy when none did). */
export function readBackupStatus(dir: string): BackupStatus {
  const newest = listBackups(dir).at(-1) ?? null;
  try {
    const written = JSON.parse(readFileSync(join(dir, STATUS_FILE), 'utf8')) as BackupStatus & { finishedAt?: string };
    return {
      lastGood: newest,
      lastFailure: written.lastFailure && (!newest || written.lastFailure.at > newest.at) ? written.lastFailure : null,
    };
  } catch {
    return { lastGood: newest, lastFailure: null };
  }
}

/** Written after every run, by a rename (never half a file). */
export function writeBackupStatus(dir: string, status: BackupStatus & { finishedAt: string }): void {
  mkdirSync(dir, { recursive: true });
  const partial = join(dir, `.${STATUS_FILE}.partial`);
  writeFileSync(partial, JSON.stringify(status));
  renameSync(partial, join(dir, STATUS_FILE));
}
