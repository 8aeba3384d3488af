/**
 * Signed links to a customer's portal: `<customer id>.<expiry, Unix seconds>.<HMAC-SHA256>` keyed
 * with SUBSCRIPTION_PORTAL_SECRET, or with a key generated once and kept in the database so that
 * every instance signs and checks alike. The link is the customer's only credential: a changed
 * id, expiry or signature is refused, and so is a link past its expiry.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { clockOf } from './periods.ts';

const SETTING = 'subscriptionPortalSecret';
const keys = new WeakMap<object, Promise<string>>();

/** The key links are signed with (read or made once per database). */
function portalKey(ctx: AppContext): Promise<string> {
  if (ctx.config.subscriptions.portalSecret) return Promise.resolve(ctx.config.subscriptions.portalSecret);
  let key = keys.get(ctx.db);
  if (!key) {
    key = (async () => {
      await ctx.db
        .insertInto('system_settings')
        .values({ key: SETTING, value: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return (await ctx.db.selectFrom('system_settings').select('value').where('key', '=', SETTING).executeTakeFirstOrThrow()).value;
    })();
    key.catch(() => keys.delete(ctx.db));
    keys.set(ctx.db, key);
  }
  return key;
}

const sign = (key: string, customerId: string, expires: number | string) =>
  createHmac('sha256', key).update(`portal:${customerId}:${expires}`).digest('base64url');

/** A fresh portal token of the customer and when it expires. */
export async function portalToken(ctx: AppContext, customerId: string): Promise<{ token: string; expiresAt: Date }> {
  const expires = Math.floor(clockOf(ctx).getTime() / 1000) + ctx.config.subscriptions.portalLinkTtlMin * 60;
  return { token: `${customerId}.${expires}.${sign(await portalKey(ctx), customerId, expires)}`, expiresAt: new Date(expires * 1000) };
}

/** The portal page's address for a token. */
export const portalUrl = (ctx: AppContext, token: string) => `${ctx.config.publicBaseUrl}/portal/${token}`;

/** The customer a token names, once its signature and expiry hold. */
export async function verifyPortalToken(ctx: AppContext, token: string): Promise<string> {
  const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw new AppError('exceptions.customer.portalLinkInvalid');
  const [, customerId, expiresText, signature] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(await portalKey(ctx), customerId, expiresText));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('exceptions.customer.portalLinkInvalid');
  if (Number(expiresText) * 1000 <= clockOf(ctx).getTime()) throw new AppError('exceptions.customer.portalLinkExpired');
  return customerId;
}
