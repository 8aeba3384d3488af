import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { notifyChange } from '../../lib/db/notify.ts';
import { AppError } from '../../lib/errors.ts';

/** The largest logo accepted, decoded. */
export const MAX_LOGO_BYTES = 256 * 1024;

/** The image types a logo may have, told apart by their first bytes (never by what the client says). */
export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The tenant's brand as the dashboard and the payment page show it. */
export interface Branding {
  /** The brand name, else the tenant's name. */
  merchantName: string;
  /** `#rrggbb`, lowercase; null: the default colour. */
  brandColor: string | null;
  /** The logo as a data URL; null: none. */
  logo: string | null;
}

/** A change of brand; null removes a value (the name falls back to the tenant's name). */
export interface BrandingChange {
  merchantName?: string | null;
  brandColor?: string | null;
  logo?: string | null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of the bytes by their magic numbers: PNG, JPEG or WebP (RIFF….WEBP), else null. */
export function sniffImage(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (bytes.length >= 12 && startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * A logo data URL's bytes and type: base64, a PNG, JPEG or WebP by its magic bytes (the declared
 * type must agree), at most 256 KB decoded; anything else is 400 exceptions.settings.invalidLogo.
 */
export function parseLogo(dataUrl: string): { bytes: Buffer; type: LogoType } {
  const m = DATA_URL.exec(dataUrl);
  const invalid = (reason: string) => new AppError('exceptions.settings.invalidLogo', { reason });
  const data = m?.[2];
  if (!m || data === undefined || data.length % 4 !== 0) throw invalid('not a base64 data URL');
  // Checked before decoding: base64 holds 3 bytes per 4 characters.
  if ((data.length / 4) * 3 - (data.match(/=/g)?.length ?? 0) > MAX_LOGO_BYTES) throw invalid('larger than 256 KB');
  const bytes = Buffer.from(data, 'base64');
  const type = sniffImage(bytes);
  if (!type) throw invalid('not a PNG, JPEG or WebP image');
  if (type !== m[1]) throw invalid(`the data is ${type}, not ${m[1]}`);
  return { bytes, type };
}

/** The tenant's brand; 404 for an unknown tenant. */
export async function getBranding(db: Executor, tenantId: string): Promise<Branding> {
  const row = await db
    .selectFrom('tenants')
    .select(['name', 'brand_name', 'brand_color', 'logo', 'logo_type'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw new AppError('exceptions.tenant.notFound');
  return {
    merchantName: row.brand_name ?? row.name,
    brandColor: row.brand_color,
    logo: row.logo && row.logo_type ? `data:${row.logo_type};base64,${Buffer.from(row.logo).toString('base64')}` : null,
  };
}

/**
 * Changes the brand (only the fields given) and tells every instance (`tenant:<id>`), so cached
 * copies (the payment page's) are dropped; returns the brand as it now is. `alsoIn` writes in the
 * same transaction (the audit entry).
 */
export async function updateBranding(
  db: Db,
  tenantId: string,
  change: BrandingChange,
  alsoIn?: (trx: Trx) => Promise<void>,
): Promise<Branding> {
  const values: Record<string, unknown> = {};
  if (change.merchantName !== undefined) values.brand_name = change.merchantName;
  if (change.brandColor !== undefined) values.brand_color = change.brandColor?.toLowerCase() ?? null;
  if (change.logo !== undefined) {
    const logo = change.logo === null ? null : parseLogo(change.logo);
    values.logo = logo?.bytes ?? null;
    values.logo_type = logo?.type ?? null;
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tenants')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', tenantId)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('exceptions.tenant.notFound');
    await notifyChange(trx, `tenant:${tenantId}`);
    await alsoIn?.(trx);
    return getBranding(trx, tenantId);
  });
}
