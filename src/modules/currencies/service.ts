import type { AppContext } from '../../context.ts';
import { NoticeCache } from '../../lib/cache.ts';
import { formatUnits, toUnits, toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import {
  FIAT_CURRENCIES,
  servedCurrencies,
  networkOf,
  type ApiNetwork,
  type CryptoCode,
  type CurrencyDef,
  type TokenType,
} from '../../lib/currencies/catalogue.ts';
import { FEES_CHANGED, loadLiveFees, type FeeQuote } from './fees.ts';
import { currencyIconPath, networkIconPath } from './icons.ts';

/** A crypto currency record as GET /currencies returns it. */
export interface CurrencyRecord {
  code: CryptoCode;
  name: string;
  network: ApiNetwork;
  tokenType?: TokenType;
  decimalPlaces: number;
  minDepositAmount: JsonDecimal;
  depositNetworkFee: { amount: JsonDecimal; quotedAt: string } | null;
  minWithdrawalAmount: JsonDecimal;
  depositCommission: JsonDecimal;
  contractAddress: string | null;
  imageUrl: string | null;
  networkIconUrl: string | null;
  addressMask: string | null;
}

/**
 * The smallest credited deposit: the currency's base minimum plus the live network fee. The fee is
 * withheld from a deposit, so a deposit of exactly this amount still credits the base minimum.
 */
export function minDepositUnits(currency: CurrencyDef, fee: FeeQuote | undefined | null): bigint {
  return toUnits(currency.baseMinDeposit, currency.decimals) + (fee?.units ?? 0n);
}

export function toCurrencyRecord(currency: CurrencyDef, fee: FeeQuote | undefined, commission: string, baseUrl: string): CurrencyRecord {
  const net = networkOf(currency);
  return {
    code: currency.code,
    name: currency.name,
    network: currency.network,
    ...(currency.tokenType ? { tokenType: currency.tokenType } : {}),
    decimalPlaces: currency.decimals,
    minDepositAmount: toJsonNumber(minDepositUnits(currency, fee), currency.decimals),
    depositNetworkFee: fee ? { amount: toJsonNumber(fee.units, currency.decimals), quotedAt: fee.quotedAt.toISOString() } : null,
    minWithdrawalAmount: toJsonNumber(currency.minWithdrawal, currency.decimals),
    depositCommission: toJsonNumber(commission, 6),
    contractAddress: currency.contractAddress,
    imageUrl: baseUrl + currencyIconPath(currency.code),
    networkIconUrl: baseUrl + networkIconPath(net.api),
    addressMask: net.addressMask,
  };
}

/** Reads behind the catalogue: live fees and tenant commissions, cached until a change notice. */
export class CatalogueService {
  private readonly fees: NoticeCache<Map<string, FeeQuote>>;
  private readonly commissions: NoticeCache<{ rate: string | null }>;

  constructor(private readonly ctx: AppContext) {
    const healthy = () => ctx.changes?.healthy ?? false;
    // Fee quotes age out by time too, so the cache holds them only briefly.
    this.fees = new NoticeCache(1000, 1, healthy);
    this.commissions = new NoticeCache(60_000, 10_000, healthy);
    ctx.changes?.onChange((payload) => {
      if (payload === '*') {
        this.fees.clear();
        this.commissions.clear();
      } else if (payload === FEES_CHANGED) this.fees.clear();
      else if (payload.startsWith('tenant:')) this.commissions.invalidate(payload.slice(7));
    });
  }

  async liveFees(): Promise<Map<string, FeeQuote>> {
    // The loader always answers a map, so the cache does too.
    return (await this.fees.get('fees', () => loadLiveFees(this.ctx.db, this.ctx.config.feeMaxAgeS))) ?? new Map();
  }

  /** The tenant's deposit commission rate: its override, else the system default. */
  async commissionOf(tenantId: string): Promise<string> {
    const row = await this.commissions.get(tenantId, async () => {
      const t = await this.ctx.db.selectFrom('tenants').select('deposit_commission').where('id', '=', tenantId).executeTakeFirst();
      return t ? { rate: t.deposit_commission } : undefined;
    });
    return row?.rate ?? this.ctx.config.depositCommission;
  }

  // Records built from one fee snapshot, per commission rate and filter: the same input gives the
  // same list, so it is built once per snapshot instead of once per request.
  private built = new WeakMap<Map<string, FeeQuote>, Map<string, CurrencyRecord[]>>();

  // Commission rates as shown (six places, rounded down), by the stored text: parsed once each.
  private readonly rates = new Map<string, string>();

  private shownRate(commission: string): string {
    let rate = this.rates.get(commission);
    if (rate === undefined) {
      rate = formatUnits(toUnits(commission, 6, 'down'), 6);
      if (this.rates.size >= 10_000) this.rates.clear();
      this.rates.set(commission, rate);
    }
    return rate;
  }

  /**
   * The catalogue as GET /currencies answers it for the tenant. Once its fees and the tenant's rate
   * are cached (nearly every call) it is answered without a promise of its own: a request then
   * awaits nothing but this one.
   */
  list(tenantId: string, network?: ApiNetwork): CurrencyRecord[] | Promise<CurrencyRecord[]> {
    const fees = this.fees.peek('fees');
    const cached = this.commissions.peek(tenantId);
    if (fees && cached) return this.recordsOf(fees, cached.rate ?? this.ctx.config.depositCommission, network);
    return Promise.all([this.liveFees(), this.commissionOf(tenantId)]).then(([f, c]) => this.recordsOf(f, c, network));
  }

  private recordsOf(fees: Map<string, FeeQuote>, commission: string, network?: ApiNetwork): CurrencyRecord[] {
    const rate = this.shownRate(commission);
    let byInput = this.built.get(fees);
    if (!byInput) this.built.set(fees, (byInput = new Map()));
    const memoKey = `${rate}|${network ?? ''}`;
    let records = byInput.get(memoKey);
    if (!records) {
      records = servedCurrencies(this.ctx.config)
        .filter((c) => !network || c.network === network)
        .map((c) => toCurrencyRecord(c, fees.get(c.code), rate, this.ctx.config.publicBaseUrl));
      if (byInput.size < 1000) byInput.set(memoKey, records);
    }
    return records;
  }
}

/** The fiat catalogue as GET /currencies/fiat returns it. */
export function fiatRecords() {
  return FIAT_CURRENCIES.map((f) => ({
    code: f.code,
    name: f.name,
    decimalPlaces: f.decimals,
    minInvoiceAmount: toJsonNumber(f.minInvoiceAmount, f.decimals),
  }));
}
