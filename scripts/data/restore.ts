import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { loadConfig } from '../../src/server/config.ts';
import { DATABASE_FILE, checkDatabaseFile } from '../../src/server/db/backups.ts';

/**
 * `npm run restore -- FILE` (decision 056, docs/operations/backups.md): puts a backup in place of
 * DATA_DIR's SQLite database. It refuses while a server runs on DATA_DIR (the server holds the
 * file locked) and refuses a file that is not a whole database of this application; the current
 * database (with its WAL, which belongs to it alone) is moved aside into
 * DATA_DIR/before-restore-<time>/, never deleted. The next start runs the migrations the copy lacks.
 */
function main(): number {
  const given = process.argv[2];
  if (!given) {
    console.error('Usage: npm run restore -- FILE');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations/backups.md)');
    return 2;
  }
  const source = resolve(given);
  const problem = checkDatabaseFile(source);
  if (problem) {
    console.error(`Refused: ${source} cannot be restored: ${problem}`);
    return 1;
  }
  const target = join(config.dataDir, DATABASE_FILE);
  if (existsSync(target) && serverHolds(target)) {
    console.error(`Refused: a server is running on ${config.dataDir}; stop it first`);
    return 1;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const aside = join(config.dataDir, `before-restore-${new Date().toISOString().replaceAll(':', '-')}`);
  for (const suffix of ['', '-wal', '-shm']) {
    if (!existsSync(target + suffix)) continue;
    mkdirSync(aside, { recursive: true });
    renameSync(target + suffix, join(aside, DATABASE_FILE + suffix));
  }
  // Copied under another name and renamed: a restore cut short leaves no half database in place.
  const partial = join(config.dataDir, `.${DATABASE_FILE}.restoring`);
  copyFileSync(source, partial);
  renameSync(partial, target);
  if (existsSync(aside)) console.log(`The database it replaces is kept in ${aside}`);
  console.log(`Restored ${source} into ${target}; the next start runs the migrations it lacks`);
  return 0;
}

/** Whether another process holds the database (a running server keeps it locked). */
function serverHolds(file: string): boolean {
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.exec('begin exclusive; commit');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

try {
  process.exit(main());
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
