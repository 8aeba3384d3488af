import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../lib/db/index.ts';
import { hashApiKey, secretsEqual } from '../../lib/auth/api-keys.ts';

const SETTING = 'admin_token_sha256';
const cache = new WeakMap<AppContext, string>();

/**
 * Makes sure an admin token exists. With ADMIN_TOKEN set, that is the token. Otherwise one is
 * generated on the first start, only its hash is stored, and the token is returned so the caller
 * can print it once; later starts return null.
 */
export async function ensureAdminToken(ctx: AppContext, db: Executor = ctx.db): Promise<string | null> {
  if (ctx.config.adminToken) return null;
  const token = `cga_${randomBytes(32).toString('base64url')}`;
  const inserted = await db
    .insertInto('system_settings')
    .values({ key: SETTING, value: hashApiKey(token) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted ? token : null;
}

/** Constant-time check of a bearer token against ADMIN_TOKEN or the stored hash. */
export async function checkAdminToken(ctx: AppContext, token: string): Promise<boolean> {
  if (ctx.config.adminToken) return secretsEqual(token, ctx.config.adminToken);
  let stored = cache.get(ctx);
  if (!stored) {
    const row = await ctx.db.selectFrom('system_settings').select('value').where('key', '=', SETTING).executeTakeFirst();
    if (!row) return false;
    stored = row.value;
    cache.set(ctx, stored);
  }
  return secretsEqual(hashApiKey(token), stored);
}
