/**
 * `npm run seed:demo`: migrates the database and, when it is empty, fills it with the demo school.
 * Uses DATABASE_URL when set, otherwise the embedded PostgreSQL in DATA_DIR.
 */
import { loadConfig } from '../config';
import { openAppDatabase } from './open';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, SECOND_SCHOOL_ADMIN, seedDemo } from './seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openAppDatabase(config);
  try {
    if (!(await isDatabaseEmpty(database.db))) {
      console.log('The database already has data; the demo school was not added.');
      return;
    }
    console.log(`Seeding the demo school (${database.kind})…`);
    await seedDemo(database.db, { log: (line) => console.log(`  ${line}`), uploadsDir: config.uploadsDir });
    console.log(`\nDemo logins (password: ${DEMO_PASSWORD}):`);
    for (const account of [...DEMO_ACCOUNTS, SECOND_SCHOOL_ADMIN]) {
      console.log(`  ${account.email.padEnd(20)} ${account.role.padEnd(12)} ${account.description}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
