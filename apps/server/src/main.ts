import { buildApp } from './app';
import { loadConfig } from './config';
import { openAppDatabase } from './db/open';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { releaseMemoryWhenQuiet } from './lib/idle-memory';
import { keepPublishedResults } from './modules/results/results.service';

const config = loadConfig();
const database = await openAppDatabase(config);

// The demo school goes only into a new embedded database; a real server gets it only on request (npm run seed:demo).
let seeded = false;
if (database.embedded && (await isDatabaseEmpty(database.db))) {
  console.log('Seeding the demo school into the new embedded database…');
  await seedDemo(database.db, { uploadsDir: config.uploadsDir });
  seeded = true;
}

const app = await buildApp({ database });
await app.listen({ port: config.port, host: config.host });
// publications made before their results were kept (or by the demo seed) get their record now; until
// then they are computed when read, as before (issue 18)
void keepPublishedResults(database.db).then(
  (kept) => (kept > 0 ? app.log.info(`kept the results of ${kept} published class terms`) : undefined),
  (error: unknown) => app.log.error({ err: error }, 'keeping published results failed'),
);
// after a busy spell, the heap V8 grew goes back once requests stop (ADR 0025, addendum of 2026-11-27)
const stopReleasing = process.env.RELEASE_MEMORY_WHEN_QUIET === 'off' ? () => {} : releaseMemoryWhenQuiet(app.server);

const url = `http://${config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
const lines = [
  '',
  `SchoolSuite is running at ${url}`,
  `API docs: ${url}/api/docs`,
  `Database: ${database.embedded ? `embedded PostgreSQL (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo school seeded' : ''}`,
];
if (database.embedded) {
  lines.push('', `Demo logins (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(20)} ${account.description}`);
}
console.log(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopReleasing();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
