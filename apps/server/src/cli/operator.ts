/**
 * The hosting company's command line (outside the product's screens, DESIGN.md section 2):
 *
 *   npm run operator -w apps/server -- list
 *   npm run operator -w apps/server -- suspend <organisationId> --reason "Unpaid invoice"
 *   npm run operator -w apps/server -- reactivate <organisationId>
 *
 * A suspended organisation's users are signed out at once and told why when they sign in.
 * Uses DATABASE_URL when set, otherwise the embedded PostgreSQL in DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openAppDatabase } from '../db/open';
import { HttpError } from '../lib/http-errors';
import { listOrganisations, reactivateOrganisation, suspendOrganisation } from '../modules/organisations/organisations.service';

const USAGE = `Usage:
  operator list
  operator suspend <organisationId> --reason "<why>"
  operator reactivate <organisationId>`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, organisationId] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (!['list', 'suspend', 'reactivate'].includes(command)) {
    console.error(`Unknown command: ${command}\n${USAGE}`);
    return 1;
  }
  if (command !== 'list' && !organisationId) {
    console.error(`${command} needs an organisation id\n${USAGE}`);
    return 1;
  }
  if (command === 'suspend' && !values.reason?.trim()) {
    console.error('suspend needs --reason "<why>" (it is recorded in the audit log)');
    return 1;
  }

  const database = await openAppDatabase(loadConfig());
  try {
    if (command === 'list') {
      const rows = await listOrganisations(database.db);
      if (rows.length === 0) console.log('No organisations yet.');
      for (const row of rows) {
        const reason = row.status === 'suspended' && row.suspendedReason ? ` (${row.suspendedReason})` : '';
        const count = (n: number, noun: string) => `${String(n).padStart(4)} ${noun}${n === 1 ? ' ' : 's'}`;
        console.log(`${row.id}  ${row.status.padEnd(9)}  ${count(row.schools, 'school')}  ${count(row.users, 'user')}  ${row.name}${reason}`);
      }
    } else if (command === 'suspend') {
      const organisation = await suspendOrganisation(database.db, organisationId, values.reason!);
      console.log(`Suspended ${organisation.name} (${organisation.id}); its users are signed out.`);
    } else {
      const organisation = await reactivateOrganisation(database.db, organisationId);
      console.log(`Re-activated ${organisation.name} (${organisation.id}).`);
    }
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
