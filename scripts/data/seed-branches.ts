import { loadConfig } from '../../src/server/config.ts';
import { seedDemoBranches } from '../../src/server/db/seed/demo-branches.ts';
import { prepareDatabase } from '../../src/server/start.ts';

/**
 * `npm run seed:branches`: adds the demo's two more branches, Gulshan and Uttara (their tables,
 * hours and Bangla names; src/server/db/seed/demo-branches.ts), to the database DATA_DIR or
 * DATABASE_URL names, prepared as `npm start` prepares it. On SQLite the server must be stopped
 * (it holds the file); on PostgreSQL it may run (it hears of the new branches within a second of
 * a request naming one, or at its next start). Running it again adds nothing.
 */
async function main(): Promise<void> {
  const database = await prepareDatabase(loadConfig(), { images: false });
  try {
    const added = await seedDemoBranches(database.db);
    console.log(added.length > 0 ? `Added the branches: ${added.join(', ')}.` : 'The demo branches are there already.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`seed:branches failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
