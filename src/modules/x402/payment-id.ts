/**
 * The x402 payment-identifier extension on settle: a buyer names its payment with an id
 * (`paymentPayload.extensions["payment-identifier"].info.id`), and a retry under the same id (the
 * official client signs a fresh authorization for each attempt) answers the first settlement
 * instead of paying again. Ids are scoped to the tenant and the payer. The database decides: the
 * id's row is written in the transaction that claims the settlement, under a primary key, so of two
 * settles racing with one id only one sends; the other finds the winner's row once it commits.
 */
import { createHash } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { PaymentIdentifierInfo } from '@x402/extensions/payment-identifier';
import type { Db, Trx } from '../../lib/db/index.ts';
import type { X402PaymentIdentifiersTable, X402SettlementsTable } from '../../lib/db/schema.ts';
import { isObject } from './parse.ts';
import { Invalid } from './reasons.ts';
import type { SettlementRow } from './record.ts';
import type { Settleable } from './settleable.ts';

/** The extension's key in `extensions`. */
export const PAYMENT_IDENTIFIER = 'payment-identifier';
/** The extension's id: 16 to 128 letters, digits, hyphens and underscores. */
const ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export type IdentifierRow = Selectable<X402PaymentIdentifiersTable>;

/** A settle's payment identifier: whose it is, and what was agreed under it. */
export interface Identified {
  tenantId: string;
  payer: string;
  paymentId: string;
  /** The payment's terms (network, asset, amount, payTo, resource URL), hashed. */
  fingerprint: string;
}

/**
 * The payment identifier of a settle's body, if the buyer named one (the extension echoed without
 * an id names none). A malformed one is refused: a buyer who meant to be safe from paying twice
 * must not be paid for as if it had not asked.
 */
/** What a payment is, for its identifier: an EVM settleable, or a Solana payment's key and terms. */
export type IdentifiedPayment = { key: { asset: string; payer: string }; amount: bigint; payTo: string };

/** Addresses as their family compares them: EVM hex case-insensitively, Solana's base58 as written. */
const addressKey = (a: string) => (a.startsWith('0x') ? a.toLowerCase() : a);

export function identify(tenantId: string, network: string, body: Record<string, unknown>, s: IdentifiedPayment): Identified | undefined {
  const payload = body.paymentPayload as Record<string, unknown>;
  const ext = isObject(payload.extensions) ? payload.extensions[PAYMENT_IDENTIFIER] : undefined;
  if (ext === undefined) return undefined;
  const payer = addressKey(s.key.payer);
  if (!isObject(ext) || !isObject(ext.info))
    throw new Invalid('invalid_payload', `extensions["${PAYMENT_IDENTIFIER}"] needs an info object`, s.key.payer);
  const id = (ext.info as Partial<PaymentIdentifierInfo>).id;
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
    throw new Invalid('invalid_payload', 'the payment identifier must be 16 to 128 letters, digits, hyphens or underscores', s.key.payer);
  }
  const resource = isObject(payload.resource) && typeof payload.resource.url === 'string' ? payload.resource.url : '';
  const terms = [network, addressKey(s.key.asset), s.amount.toString(), addressKey(s.payTo), resource];
  return { tenantId, payer, paymentId: id, fingerprint: createHash('sha256').update(JSON.stringify(terms)).digest('hex') };
}

/** The row that claimed this identifier, if any. */
export function findIdentifier(db: Db, id: Identified): Promise<IdentifierRow | undefined> {
  return db
    .selectFrom('x402_payment_identifiers')
    .selectAll()
    .where('tenant_id', '=', id.tenantId)
    .where('payer', '=', id.payer)
    .where('payment_id', '=', id.paymentId)
    .executeTakeFirst();
}

/** A settle whose identifier was claimed first for other terms: refused, naming the identifier. */
export function conflicting(first: IdentifierRow, id: Identified): Invalid | undefined {
  if (first.fingerprint === id.fingerprint) return undefined;
  return new Invalid(
    'invalid_payload',
    `payment identifier ${id.paymentId} was already used for a different payment (network, asset, amount, payTo or resource)`,
    id.payer,
  );
}

/** The settlement key the identifier's first settle claimed (to answer a retry with its result). */
export const firstKey = (first: IdentifierRow): Settleable['key'] => ({
  asset: first.asset as Settleable['key']['asset'],
  payer: first.payer as Settleable['key']['payer'],
  nonce: first.nonce,
});

/** Thrown inside the claim's transaction when the identifier is taken, so the settlement row is rolled back too. */
class IdentifierTaken extends Error {}

/**
 * Claims the settlement's key with its `submitted` row and, when the buyer named one, the payment
 * identifier with it, in one transaction. Answers the row claimed (none: another settle holds the
 * key), or the identifier's first row when another settle holds the identifier (nothing claimed).
 * `then` takes a claimed row further in the same transaction (a settlement that sends nothing is
 * final at once).
 */
export async function claimSettlement(
  db: Db,
  values: Insertable<X402SettlementsTable>,
  id: Identified | undefined,
  then?: (trx: Trx, claimed: SettlementRow) => Promise<SettlementRow>,
): Promise<{ claimed?: SettlementRow; first?: IdentifierRow }> {
  const insertSettlement = (trx: Db) =>
    trx
      .insertInto('x402_settlements')
      .values(values)
      .onConflict((oc) => oc.columns(['network', 'asset', 'payer', 'nonce']).doNothing())
      .returningAll()
      .executeTakeFirst();
  const claim = async (trx: Trx) => {
    const claimed = await insertSettlement(trx);
    return claimed && then ? then(trx, claimed) : claimed;
  };
  if (!id) return { claimed: then ? await db.transaction().execute(claim) : await insertSettlement(db) };
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await claim(trx);
      const mine = await trx
        .insertInto('x402_payment_identifiers')
        .values({
          tenant_id: id.tenantId,
          payer: id.payer,
          payment_id: id.paymentId,
          fingerprint: id.fingerprint,
          network: values.network,
          asset: values.asset,
          nonce: values.nonce,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'payer', 'payment_id']).doNothing())
        .returning('payment_id')
        .executeTakeFirst();
      if (!mine) throw new IdentifierTaken();
      return { claimed };
    });
  } catch (err) {
    if (!(err instanceof IdentifierTaken)) throw err;
    const first = await findIdentifier(db, id);
    // The winner's row is committed (the insert waited for it); it is never deleted.
    if (!first) throw new Error(`the claim of payment identifier ${id.paymentId} is gone`);
    return { first };
  }
}
