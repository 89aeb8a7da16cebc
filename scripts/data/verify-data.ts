import { loadConfig } from '../../src/server/config.ts';
import { createDatabase } from '../../src/server/db/database.ts';
import { verifyData } from '../../src/server/db/verify-data.ts';

/**
 * `npm run verify-data` (decision 056): checks the database DATA_DIR or DATABASE_URL names, as
 * src/server/db/verify-data.ts says; exit code 1 when anything does not hold. On SQLite the
 * server must be stopped (it holds the file); on PostgreSQL it may run.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const { lines, problems } = await verifyData(database.db);
    for (const line of lines) console.log(line);
    for (const problem of problems) console.error(`PROBLEM: ${problem}`);
    console.log(problems.length === 0 ? 'The data holds together.' : `${problems.length} problem(s) found.`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify-data failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
