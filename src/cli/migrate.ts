import { loadConfig } from '../config.ts';
import { openDatabase } from '../lib/db/index.ts';
import { migrate } from '../lib/db/migrate.ts';

/** `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrate(database.db);
  console.log(applied.length ? `applied migrations ${applied.join(', ')}` : 'database is up to date');
} finally {
  await database.close();
}
