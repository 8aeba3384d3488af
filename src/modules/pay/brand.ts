/**
 * The merchant's brand on the payment page (migration 0021): its display name (`brand_name`, else
 * the tenant's name), its logo, served by `GET /pay/{id}/logo`, and its colour, which becomes the
 * page's accent with text colours chosen so that everything stays WCAG AA readable.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../lib/db/schema.ts';
import { HEX, accentPalette } from './accent.ts';

export { DEFAULT_ACCENT, accentPalette, contrastRatio, type AccentPalette } from './accent.ts';

/** The brand of the tenant behind an invoice, as the page shows it. */
export interface PageBrand {
  merchantName: string;
  /** A validated `#rrggbb`, or null for the page's own blue. */
  brandColor: string | null;
  hasLogo: boolean;
}

/** The brand of the invoice's tenant, or undefined when no such invoice exists. */
export async function invoiceBrand(db: Kysely<DB>, invoiceId: string): Promise<PageBrand | undefined> {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('tenants', 'tenants.id', 'invoices.tenant_id')
    .select((eb) => ['tenants.name', 'tenants.brand_name', 'tenants.brand_color', eb('tenants.logo', 'is not', null).as('has_logo')])
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirst();
  return row ? brandOf(row) : undefined;
}

/** A tenant row's brand: the display name falls back to the name, a colour is used only when it is #rrggbb. */
export function brandOf(row: { name: string; brand_name: string | null; brand_color: string | null; has_logo: unknown }): PageBrand {
  const display = row.brand_name?.trim();
  return {
    merchantName: display || row.name,
    brandColor: row.brand_color && HEX.test(row.brand_color) ? row.brand_color.toLowerCase() : null,
    hasLogo: !!row.has_logo,
  };
}

/** A tenant's brand by its id (the state's merchant name, logo and colour). */
export async function tenantBrand(db: Kysely<DB>, tenantId: string): Promise<PageBrand> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => ['name', 'brand_name', 'brand_color', eb('logo', 'is not', null).as('has_logo')])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return brandOf(row);
}

/** The logo of the invoice's tenant (bytes and content type), or undefined when it has none. */
export async function invoiceLogo(db: Kysely<DB>, invoiceId: string): Promise<{ bytes: Buffer; type: string } | undefined> {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('tenants', 'tenants.id', 'invoices.tenant_id')
    .select(['tenants.logo', 'tenants.logo_type'])
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirst();
  if (!row?.logo || !row.logo_type) return undefined;
  return { bytes: Buffer.from(row.logo), type: row.logo_type };
}

/** A tenant's logo (bytes and content type), or undefined when it has none. */
export async function tenantLogo(db: Kysely<DB>, tenantId: string): Promise<{ bytes: Buffer; type: string } | undefined> {
  const row = await db.selectFrom('tenants').select(['logo', 'logo_type']).where('id', '=', tenantId).executeTakeFirst();
  if (!row?.logo || !row.logo_type) return undefined;
  return { bytes: Buffer.from(row.logo), type: row.logo_type };
}

/** Where the page loads the invoice's logo from. */
export function logoPath(invoiceId: string): string {
  return `/pay/${encodeURIComponent(invoiceId)}/logo`;
}

/** The CSS custom properties of the accent, for the page's nonce'd style block (values are validated hex only). */
export function accentCss(color: string | null): string {
  const p = accentPalette(color);
  return `:root{--accent:${p.accent};--on-accent:${p.onAccent};--accent-ink:${p.accentInk};--accent-edge:${p.accentEdge}}`;
}
