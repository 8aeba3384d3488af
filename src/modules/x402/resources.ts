/**
 * A tenant's x402 discovery catalog: the paid resources it lists, each with the payment
 * requirements it accepts, checked against what this facilitator settles. Each tenant has its own
 * catalog; another tenant's entry is the same 404 as a missing one.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { isUniqueViolation, type Db } from '../../lib/db/index.ts';
import type { StoredRequirement, X402ResourcesTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { audit } from '../audit/service.ts';

export type ResourceRow = Selectable<X402ResourcesTable>;

/** What the facilitator settles, as GET /x402/supported lists it (a kind's extra may name its assets). */
export interface SupportedKind {
  scheme: string;
  network: string;
  extra?: Record<string, unknown>;
}

/** A resource as the merchant lists it (POST) or changes it (PATCH: every field optional, null clears). */
export interface ResourceInput {
  resource: string;
  type?: 'http';
  accepts: StoredRequirement[];
  description?: string | null;
  mimeType?: string | null;
  metadata?: Record<string, unknown>;
}
export type ResourceChange = Partial<ResourceInput>;

/** What every route of the catalog needs: the database, the mode, and what the facilitator settles. */
export interface CatalogContext {
  db: Db;
  sandbox: boolean;
  supported: () => SupportedKind[];
}

/** The merchant's view of a catalog entry. */
export function resourceRecord(r: ResourceRow) {
  return {
    id: r.id,
    resource: r.resource,
    type: r.type,
    x402Version: 2,
    accepts: r.accepts,
    description: r.description,
    mimeType: r.mime_type,
    metadata: r.metadata,
    createdAt: r.created_at.toISOString(),
    lastUpdated: r.updated_at.toISOString(),
  };
}

/**
 * The resource URL as stored: absolute, https (http as well in a sandbox, where sellers try things
 * out on their own machine), with no credentials in it; normalised so one URL is one entry.
 */
export function resourceUrl(value: string, sandbox: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('exceptions.x402.invalidResourceUrl', { resource: value });
  }
  const schemeOk = url.protocol === 'https:' || (sandbox && url.protocol === 'http:');
  if (!schemeOk || url.username !== '' || url.password !== '' || url.hostname === '')
    throw new AppError('exceptions.x402.invalidResourceUrl', { resource: value });
  return url.href;
}

/** The assets a supported kind names (lowercase); undefined when it names none (any asset of its network). */
function assetsOf(kind: SupportedKind): string[] | undefined {
  const assets = kind.extra?.assets;
  if (!Array.isArray(assets)) return undefined;
  return assets.flatMap((a) =>
    a && typeof a === 'object' && typeof (a as { address?: unknown }).address === 'string'
      ? [(a as { address: string }).address.toLowerCase()]
      : [],
  );
}

/**
 * Each requirement on a scheme, network and asset the facilitator settles, kept with only the fields
 * x402 defines (an unknown field is dropped, as everywhere in the API); the first that is not
 * supported is refused with its index and what is supported.
 */
export function checkedAccepts(accepts: StoredRequirement[], kinds: SupportedKind[]): StoredRequirement[] {
  return accepts.map((req, index) => {
    const kind = kinds.find((k) => k.scheme === req.scheme && k.network === req.network);
    const assets = kind ? assetsOf(kind) : undefined;
    if (!kind || (assets && !assets.includes(req.asset.toLowerCase()))) {
      const supported = kinds.map((k) => ({ scheme: k.scheme, network: k.network, assets: assetsOf(k) ?? [] }));
      throw new AppError('exceptions.x402.requirementsNotSupported', {
        index,
        scheme: req.scheme,
        network: req.network,
        asset: req.asset,
        supported,
      });
    }
    const { scheme, network, amount, asset, payTo, maxTimeoutSeconds, extra } = req;
    return { scheme, network, amount, asset, payTo, maxTimeoutSeconds, ...(extra ? { extra } : {}) };
  });
}

/** One entry of the tenant's catalog; another tenant's is the same 404 as a missing one. */
export async function getResource(db: Db, tenantId: string, id: string): Promise<ResourceRow> {
  const row = await db.selectFrom('x402_resources').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) throw new AppError('exceptions.x402.resourceNotFound');
  return row;
}

/** A URL already in the tenant's catalog: 409 naming the entry to update instead. */
async function alreadyListed(db: Db, tenantId: string, resource: string): Promise<AppError> {
  const row = await db
    .selectFrom('x402_resources')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('resource', '=', resource)
    .executeTakeFirst();
  return new AppError('exceptions.x402.resourceAlreadyListed', { resource, ...(row ? { id: row.id } : {}) });
}

/** POST /x402/resources: lists a resource in the tenant's catalog. */
export async function listResource(c: CatalogContext, principal: ApiPrincipal, input: ResourceInput): Promise<ResourceRow> {
  const resource = resourceUrl(input.resource, c.sandbox);
  const accepts = checkedAccepts(input.accepts, c.supported());
  const tenantId = principal.tenantId;
  const row = await c.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('x402_resources')
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        resource,
        type: input.type ?? 'http',
        accepts: JSON.stringify(accepts),
        metadata: JSON.stringify(input.metadata ?? {}),
        description: input.description ?? null,
        mime_type: input.mimeType ?? null,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'resource']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted)
      await audit(trx, {
        tenantId,
        principal,
        action: 'x402Resource.listed',
        targetType: 'x402Resource',
        targetId: inserted.id,
        detail: { resource },
      });
    return inserted;
  });
  if (!row) throw await alreadyListed(c.db, tenantId, resource);
  return row;
}

/** PATCH /x402/resources/{id}: changes the given fields of one of the tenant's entries. */
export async function updateResource(c: CatalogContext, principal: ApiPrincipal, id: string, change: ResourceChange): Promise<ResourceRow> {
  const tenantId = principal.tenantId;
  await getResource(c.db, tenantId, id);
  const resource = change.resource === undefined ? undefined : resourceUrl(change.resource, c.sandbox);
  const accepts = change.accepts === undefined ? undefined : checkedAccepts(change.accepts, c.supported());
  const set = {
    ...(resource !== undefined ? { resource } : {}),
    ...(accepts !== undefined ? { accepts: JSON.stringify(accepts) } : {}),
    ...(change.metadata !== undefined ? { metadata: JSON.stringify(change.metadata) } : {}),
    ...(change.description !== undefined ? { description: change.description } : {}),
    ...(change.mimeType !== undefined ? { mime_type: change.mimeType } : {}),
    updated_at: new Date(),
  };
  try {
    return await c.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('x402_resources')
        .set(set)
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('exceptions.x402.resourceNotFound');
      await audit(trx, {
        tenantId,
        principal,
        action: 'x402Resource.updated',
        targetType: 'x402Resource',
        targetId: id,
        detail: { resource: row.resource, fields: Object.keys(change) },
      });
      return row;
    });
  } catch (err) {
    // Moved onto a URL the catalog already lists: the unique key refuses it.
    if (resource !== undefined && isUniqueViolation(err)) throw await alreadyListed(c.db, tenantId, resource);
    throw err;
  }
}

/** DELETE /x402/resources/{id}: takes an entry out of the tenant's catalog at once. */
export async function removeResource(db: Db, principal: ApiPrincipal, id: string): Promise<ResourceRow> {
  const tenantId = principal.tenantId;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('x402_resources')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('exceptions.x402.resourceNotFound');
    await audit(trx, {
      tenantId,
      principal,
      action: 'x402Resource.removed',
      targetType: 'x402Resource',
      targetId: id,
      detail: { resource: row.resource },
    });
    return row;
  });
}
