import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { hasPgliteData, importFromPglite } from './import-pglite';
import { isDatabaseEmpty } from './seed/demo';

/**
 * The app's database as the server and the command-line tools open it: DATABASE_URL's server, or the
 * embedded PostgreSQL in the data folder; migrated. A data folder from before ADR 0025 holds a PGlite
 * database: the first opening moves its records into the new embedded PostgreSQL, whoever opens it first.
 */
export async function openAppDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log: (line: string) => void = console.log): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  try {
    await database.migrate();
    if (database.embedded && hasPgliteData(config.dataDir) && (await isDatabaseEmpty(database.db))) {
      log(`Moving the school's records from the old embedded database (${config.dataDir}) into PostgreSQL…`);
      const report = await importFromPglite(config.dataDir, database);
      log(`Moved ${report.rows} records in ${report.tables} tables. The old files stay in ${config.dataDir} until you remove them.`);
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
