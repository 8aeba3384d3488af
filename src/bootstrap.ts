import { sql } from 'kysely';
import type { Mode, NetworkEnvName } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './lib/db/index.ts';
import { ensureAdminToken } from './modules/admin/admin-token.ts';
import { createTenant, issueApiKey } from './modules/tenants/service.ts';
import { randomPassword } from './modules/users/passwords.ts';
import { createUser } from './modules/users/service.ts';

/** What a first start on an empty database created; printed once. */
export interface FirstStart {
  adminToken: string | null;
  /** The demo tenant, its account and full-scope key: sandbox only ('' in a live installation). */
  tenantId: string;
  accountId: string;
  apiKey: string;
  /** The dashboard's sign-ins with their passwords (shown once): the demo owner (sandbox) and the operator. */
  users?: Array<{ email: string; role: 'owner' | 'operator'; password: string }>;
}

// Any constant works; it only has to be the same for every instance of the service.
const BOOTSTRAP_LOCK_KEY = 7_341_902_119;

/**
 * On the first start with an empty database: the admin token (unless ADMIN_TOKEN is set) and the
 * operator's dashboard sign-in with a random password; in the sandbox also a demo tenant with one
 * account and a full-scope key, and its owner's sign-in. A live installation gets no demo tenant:
 * a full-scope key and an owner's password printed to a console (and to whatever keeps its output)
 * would be credentials to real money that nobody asked for. Later starts return null and print nothing.
 *
 * All of it is one transaction under an advisory lock: credentials are created together or not at
 * all (none can be stored without being returned for printing), and of several instances starting
 * at once on one empty database exactly one creates them.
 */
export async function bootstrapFirstStart(ctx: AppContext): Promise<FirstStart | null> {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
    const adminToken = await ensureAdminToken(ctx, trx);
    // A live first start makes no tenant: its operator is what says the start has been made.
    const tenant = await trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
    const user = tenant ? undefined : await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    const none = { adminToken, tenantId: '', accountId: '', apiKey: '' };
    if (tenant || user) return adminToken ? none : null;
    const operator = { email: 'operator@example.com', role: 'operator' as const, password: randomPassword() };
    if (ctx.config.mode === 'live') {
      await createUser(trx, { ...operator, tenantId: null }, ctx.config.passwordHashCost);
      return { ...none, users: [operator] };
    }
    const demo = await createTenant(trx, 'Demo merchant', { isDemo: true });
    const key = await issueApiKey(trx, { tenantId: demo.id, accountId: demo.accountId, scopes: ['*'] });
    const users = [{ email: 'owner@example.com', role: 'owner' as const, password: randomPassword() }, operator];
    for (const u of users) await createUser(trx, { ...u, tenantId: u.role === 'owner' ? demo.id : null }, ctx.config.passwordHashCost);
    return { adminToken, tenantId: demo.id, accountId: demo.accountId, apiKey: key.key, users };
  });
}

/** The database was made by an installation of the other mode: starting would mix test and real money. */
export class ModeMismatchError extends Error {
  constructor(
    readonly recorded: Mode,
    readonly configured: Mode,
  ) {
    super(
      recorded === 'sandbox'
        ? 'this database holds sandbox (test) money and cannot start in live mode; give the live installation a new, empty database (DATABASE_URL or DATA_DIR) and keep this one for trials'
        : 'this database belongs to a live installation (real money) and cannot start in sandbox mode; configure its networks as before (NET_RPC_URL and NET_XPUB), or give the sandbox a new, empty database',
    );
  }
}

const MODE_SETTING = 'installation_mode';

/**
 * Records the installation's mode in its database on the first start and refuses any later start in
 * the other mode, so balances made with test money can never exist in a live installation (nor real
 * ones be simulated upon). A database from before the mode was recorded is sandbox when it holds any
 * sandbox artefact (a simulated network's address key or transfer), else it takes the current mode.
 */
export async function claimInstallationMode(db: Db, mode: Mode): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
    const row = await trx.selectFrom('system_settings').select('value').where('key', '=', MODE_SETTING).executeTakeFirst();
    let recorded = row?.value as Mode | undefined;
    if (!recorded) {
      const sandboxKey = await trx.selectFrom('hd_accounts').select('id').where('sandbox', '=', true).limit(1).executeTakeFirst();
      const sandboxTransfer = sandboxKey
        ? undefined
        : await trx.selectFrom('sandbox_transfers').select('tx_hash').limit(1).executeTakeFirst();
      recorded = sandboxKey || sandboxTransfer ? 'sandbox' : mode;
      await trx.insertInto('system_settings').values({ key: MODE_SETTING, value: recorded }).execute();
    }
    if (recorded !== mode) throw new ModeMismatchError(recorded, mode);
  });
}

/** One line saying what this installation is: printed at every start. */
export function modeLine(mode: Mode, networks: readonly NetworkEnvName[]): string {
  return mode === 'sandbox'
    ? 'Mode: sandbox — every network simulated, test money only (configure a network to go live)'
    : `Mode: live — real money on ${networks.join(', ')}`;
}

export function formatFirstStart(
  first: FirstStart,
  baseUrl: string,
  mode: Mode = 'sandbox',
  networks: readonly NetworkEnvName[] = [],
): string {
  const lines = [
    '',
    '  First start: created these credentials. They are shown only now; keep them.',
    '',
    `  ${modeLine(mode, networks)}`,
    '',
  ];
  if (first.adminToken) lines.push(`  Admin token (Authorization: Bearer …):  ${first.adminToken}`);
  if (first.tenantId) {
    lines.push(`  Demo tenant id:                         ${first.tenantId}`);
    lines.push(`  Demo account id:                        ${first.accountId}`);
    lines.push(`  Demo API key (x-tenant-api-key, all scopes): ${first.apiKey}`);
  }
  if (first.users?.length) {
    lines.push('', `  Dashboard: ${baseUrl}/dashboard/login`);
    for (const u of first.users) lines.push(`    ${`${u.email} (${u.role}):`.padEnd(36)} ${u.password}`);
    if (mode === 'live')
      lines.push('  No demo tenant in a live installation: enrol two-factor authentication at the first sign-in, then create tenants.');
  }
  lines.push('', `  API: ${baseUrl}/v1   Docs: ${baseUrl}/docs`, '');
  return lines.join('\n');
}
