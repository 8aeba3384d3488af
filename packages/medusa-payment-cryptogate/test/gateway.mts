import { api, createScratchDatabase, provisionTenant, startGateway } from '../../../test/helpers/processes.ts';

/** Where the sandbox gateway keeps its data: embedded PGlite always, PostgreSQL when the suite has one. */
export type Engine = 'pglite' | 'postgres';

export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A sandbox gateway process with one merchant: its key, account and webhook secret. */
export interface SandboxGateway {
  url: string;
  admin: string;
  tenantId: string;
  accountId: string;
  key: string;
  webhookSecret: string;
  output(): string;
  stop(): Promise<void>;
}

const ADMIN = `medusa-test-admin-${'a'.repeat(32)}`;

/** Starts the gateway as `npm start` runs it, in sandbox mode, able to post webhooks to loopback. */
export async function startSandboxGateway(engine: Engine): Promise<SandboxGateway> {
  const db = engine === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'cg_medusa') : null;
  const gateway = await startGateway({
    role: 'all',
    env: {
      ADMIN_TOKEN: ADMIN,
      ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: 'memory://' }),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_S: '1',
    },
    readyTimeoutMs: 120_000,
  });
  const tenant = await provisionTenant(gateway.url, ADMIN, 'Medusa shop');
  const secret = await api(gateway.url, 'POST', `/admin/tenants/${tenant.tenantId}/webhook-secret`, { admin: ADMIN });
  if (secret.status !== 200) throw new Error(`webhook secret: ${secret.status} ${JSON.stringify(secret.body)}`);
  return {
    url: gateway.url,
    admin: ADMIN,
    ...tenant,
    webhookSecret: secret.body.data.secret,
    output: gateway.output,
    async stop() {
      await gateway.stop();
      await db?.drop();
    },
  };
}

/** The customer pays on the hosted page: picks the coin, sends (`exact`, `partial`, `over`), blocks are mined. */
export async function payOnPage(base: string, invoiceId: string, amount: 'exact' | 'partial' | 'over', code = 'USDT_TRC20'): Promise<void> {
  const steps: [string, unknown][] = [
    [`/pay/${invoiceId}/select`, { cryptoCurrencyCode: code }],
    [`/pay/${invoiceId}/simulate`, { amount }],
    [`/pay/${invoiceId}/simulate/mine`, {}],
  ];
  for (const [path, body] of steps) {
    const r = await api(base, 'POST', path, { body });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/** Polls until `check` holds, or fails naming `what`. */
export async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export { api };
