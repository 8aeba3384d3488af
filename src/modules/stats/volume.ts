import { sql } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import { CURRENCIES } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber, type JsonDecimal } from '../../lib/money.ts';

const DAY_MS = 86_400_000;
/** Invoice statuses that count as paid in the volume. */
const PAID = ['paid', 'overpaid'] as const;

/** One day's totals in exact USD cents. */
interface DayTotals {
  invoices: number;
  invoiceCents: bigint;
  deposits: number;
  depositCents: bigint;
}

/** A day of the volume as the API shows it (USD as JSON numbers, formatted at this edge only). */
export interface VolumeDay {
  date: string;
  invoices: number;
  invoicesVolumeUsd: JsonDecimal;
  deposits: number;
  depositsVolumeUsd: JsonDecimal;
  volumeUsd: JsonDecimal;
}

interface DayRow {
  day: string;
  n: number;
  cents: string;
}

/**
 * Per record, what it received in USD cents rounded half up (`usdValue` of its settlement record:
 * units × the USD price stored with it ÷ 10^decimals; x/s half up is ⌊(2x + s) / 2s⌋), summed per
 * UTC day, all in exact NUMERIC.
 */
function centsSql(amount: string, price: string) {
  const scale = sql`power(10::numeric, d.decimals)`;
  return sql<string>`coalesce(sum(div(2 * ${sql.ref(amount)} * coalesce(${sql.ref(price)}, 0) * 100 + ${scale}, 2 * ${scale})), 0)::text`;
}

function decimalsTable() {
  return sql`(select * from unnest(${CURRENCIES.map((c) => c.code)}::text[], ${CURRENCIES.map((c) => c.decimals)}::int[]) as x (code, decimals))`;
}

/** Paid invoices of the account per day since `start`: count and USD cents at each quote's locked price. */
async function invoiceDays(db: Executor, accountId: string, start: Date): Promise<DayRow[]> {
  const { rows } = await sql<DayRow>`
    select to_char(i.paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n, ${centsSql('i.amount_paid', 'q.crypto_usd_price')} as cents
    from invoices i
    join invoice_quotes q on q.id = i.quote_id
    left join ${decimalsTable()} d on d.code = q.currency_code
    where i.account_id = ${accountId} and i.paid_at is not null and i.paid_at >= ${start} and i.status in (${sql.join([...PAID])})
    group by 1`.execute(db);
  return rows;
}

/** Completed deposits of the account per day since `start`: count and USD cents at each deposit's stored price. */
async function depositDays(db: Executor, accountId: string, start: Date): Promise<DayRow[]> {
  const { rows } = await sql<DayRow>`
    select to_char(t.completed_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n, ${centsSql('t.amount_paid', 't.usd_price')} as cents
    from deposits t
    left join ${decimalsTable()} d on d.code = t.currency_code
    where t.account_id = ${accountId} and t.completed_at is not null and t.completed_at >= ${start} and t.status = 'completed'
    group by 1`.execute(db);
  return rows;
}

/** The last `days` UTC days up to today, oldest first: paid invoices and completed deposits, zeros included. */
export async function volumeByDay(db: Executor, accountId: string, days: number, today = new Date()): Promise<VolumeDay[]> {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const start = new Date(end - (days - 1) * DAY_MS);
  const totals = new Map<string, DayTotals>();
  for (let t = start.getTime(); t <= end; t += DAY_MS) {
    totals.set(new Date(t).toISOString().slice(0, 10), { invoices: 0, invoiceCents: 0n, deposits: 0, depositCents: 0n });
  }
  const [invoices, deposits] = await Promise.all([invoiceDays(db, accountId, start), depositDays(db, accountId, start)]);
  for (const r of invoices) {
    const day = totals.get(r.day);
    if (day) Object.assign(day, { invoices: r.n, invoiceCents: BigInt(r.cents) });
  }
  for (const r of deposits) {
    const day = totals.get(r.day);
    if (day) Object.assign(day, { deposits: r.n, depositCents: BigInt(r.cents) });
  }
  return [...totals].map(([date, d]) => ({
    date,
    invoices: d.invoices,
    invoicesVolumeUsd: toJsonNumber(d.invoiceCents, 2),
    deposits: d.deposits,
    depositsVolumeUsd: toJsonNumber(d.depositCents, 2),
    volumeUsd: toJsonNumber(d.invoiceCents + d.depositCents, 2),
  }));
}
