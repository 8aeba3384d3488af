/**
 * Reading a tenant's x402 discovery catalog: the merchant's paged list, and the discovery list in
 * the shape of the x402 Bazaar (`{ x402Version, items, pagination: { limit, offset, total } }`),
 * which an unmodified Bazaar client reads. Both read one tenant's entries only.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DiscoveryResource, DiscoveryResourcesResponse } from '@x402/extensions/bazaar';
import type { Db } from '../../lib/db/index.ts';
import { paged } from '../../lib/db/paging.ts';
import { resourceRecord, type ResourceRow } from './resources.ts';

/** A discovery item: the Bazaar's resource with the seller's metadata beside it. */
export type DiscoveryItem = DiscoveryResource & { metadata: Record<string, unknown> };

/** The discovery list: the Bazaar's list response, with our items. */
export type DiscoveryList = Omit<DiscoveryResourcesResponse, 'items'> & { items: DiscoveryItem[] };

/** The Bazaar's list filters (each optional) and its offset paging. */
export interface DiscoveryQuery {
  type?: string;
  payTo?: string;
  scheme?: string;
  network?: string;
  limit: number;
  offset: number;
}

/** How a catalog entry is listed for discovery. */
export function discoveryItem(r: ResourceRow): DiscoveryItem {
  return {
    resource: r.resource,
    type: r.type,
    x402Version: 2,
    // Stored from the checked requirements (resources.ts: checkedAccepts), every field x402's.
    accepts: r.accepts as DiscoveryResource['accepts'],
    lastUpdated: r.updated_at.toISOString(),
    metadata: r.metadata,
    ...(r.description !== null ? { description: r.description } : {}),
    ...(r.mime_type !== null ? { mimeType: r.mime_type } : {}),
  };
}

/** One accepted requirement of the entry matches every filter given (addresses compared case-insensitively). */
function acceptsMatch(q: DiscoveryQuery): Expression<SqlBool> | undefined {
  const parts = [
    q.payTo !== undefined ? sql`lower(e->>'payTo') = ${q.payTo.toLowerCase()}` : undefined,
    q.scheme !== undefined ? sql`e->>'scheme' = ${q.scheme}` : undefined,
    q.network !== undefined ? sql`e->>'network' = ${q.network}` : undefined,
  ].filter((p) => p !== undefined);
  if (parts.length === 0) return undefined;
  return sql<SqlBool>`exists (select 1 from json_array_elements(accepts) e where ${sql.join(parts, sql` and `)})`;
}

/** GET /x402/discovery/resources: the tenant's catalog, oldest entry first (a stable order for offset paging). */
export async function discoveryList(db: Db, tenantId: string, q: DiscoveryQuery): Promise<DiscoveryList> {
  let base = db.selectFrom('x402_resources').where('tenant_id', '=', tenantId);
  if (q.type !== undefined) base = base.where('type', '=', q.type as 'http');
  const matching = acceptsMatch(q);
  if (matching) base = base.where(matching);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at').orderBy('id').limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { x402Version: 2, items: rows.map(discoveryItem), pagination: { limit: q.limit, offset: q.offset, total: Number(count.total) } };
}

/** GET /x402/resources: the tenant's catalog for its merchant, newest first, paged as every list of the API. */
export function merchantList(db: Db, tenantId: string, q: { page: number; limit: number }) {
  const base = db.selectFrom('x402_resources').where('tenant_id', '=', tenantId);
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    resourceRecord,
  );
}
