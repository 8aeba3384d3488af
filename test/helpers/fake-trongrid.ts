/**
 * A local TronGrid for tests: the `/wallet/*` and `/walletsolidity/*` endpoints the adapter and the
 * sweeper use, with bodies in TronGrid's documented shapes and transactions encoded in protobuf as
 * java-tron does (`encodeTronRaw`, checked against real nodes' recorded bytes in
 * test/chains/fake-trongrid.test.ts and test/chains/trongrid.test.ts).
 *
 * Final API (kept in step with /tmp/fake-trongrid-api.md):
 *
 *   FAKE_USDT: string                                   the catalogue's USDT_TRC20 contract
 *   encodeTronRaw(raw): string                          protobuf hex of Transaction.raw
 *   tronTxId(rawDataHex): string                        SHA-256 of those bytes: the transaction id
 *   bandwidthOf(tx: { raw_data, signature? }): number   bytes java-tron charges: Transaction without ret, + 64 per contract
 *   fakeTronGrid(opts?: { accounting?: 'java-tron' | 'flat'; params?: Partial<FakeTronParams> }): FakeTronGrid
 *
 *   FakeTronGrid = {
 *     server, listen(): Promise<string>, close(): Promise<void>, params,
 *     blocks, pending, broadcasts, refused, fees, faults, clock, solid,
 *     accounts: Map<base58, sun>            has(address) = the account exists on chain
 *     tokenBalances: Map<base58, units>     FAKE_USDT's holders (the same map fundToken(FAKE_USDT, …) writes)
 *     mine(txs?), skip(ms), headTime(), solidHead(),
 *     fund(address, sun), fundToken(contract, address, units), tokenBalance(contract, address): bigint,
 *     stakeEnergy(address, sun), stakeBandwidth(address, sun),
 *     account(address): FakeAccount, resources(address), info(txID),
 *     transferIn(to, sun): txID, transferTokenIn(contract, to, units): txID,
 *   }
 *
 * Two modes. 'flat' is the node trongrid.test.ts was written against: no balance checks, a token
 * call burns a flat 27.645 TRX (or what a test sets in `fees`). 'java-tron' (the default) keeps
 * java-tron's books, applied when a block takes the transaction:
 * - Bandwidth: the bytes of the signed transaction (`bandwidthOf`), from the account's staked
 *   bandwidth, else its free daily allowance (getFreeNetLimit) if that covers them all, else burned
 *   at getTransactionFee per byte; an account that cannot pay is refused at broadcast
 *   (`BANDWITH_ERROR`, java-tron's spelling). A TRX transfer that creates its receiver's account
 *   never uses the free allowance: staked bandwidth or getCreateAccountFee burned, plus
 *   getCreateNewAccountFeeInSystemContract (1.1 TRX in all at mainnet parameters).
 * - Energy, for a TRC-20 `transfer` call: trc20EnergyToHolder to an address that holds the token,
 *   trc20EnergyToNewHolder to one that holds none. The call may use min(energy left from stake
 *   (own + delegated to it) + balance / getEnergyFee, fee_limit / getEnergyFee); staked energy goes
 *   first, the rest is burned at getEnergyFee. Short of it, the transaction is in the block as
 *   OUT_OF_ENERGY, all of that limit spent, and no token moves. A sender without the tokens: REVERT
 *   (charged as a transfer to a holder: the fake does not meter a revert more finely).
 * - Stake 2.0: energy limit = TRX staked for energy (own not delegated + delegated to it) ×
 *   getTotalEnergyLimit / totalEnergyWeight; delegation moves staked TRX from the owner's frozenV2 to
 *   the receiver's acquired balance, undelegation moves it back along with the receiver's share of
 *   the energy used. Usage recovers linearly over 24 h (28,800 three-second slots).
 * - Transactions the tests mine themselves (`mine([...])`, `transferIn*`) come from outside: they
 *   credit their receiver (TRX creates its account; a token credit creates none, as on chain) and
 *   debit nobody.
 * Where it is simpler than java-tron: a broadcast is checked against the books of the last block,
 * not of the pending pool (send what depends on another transaction once that one is in a block);
 * a REVERT costs the energy of a transfer to a holder; a block re-checks each transaction and
 * leaves out one that no longer validates; undelegated usage restarts its recovery at that block
 * rather than merging the two accounts' recovery windows; no dynamic energy penalty.
 * `triggerconstantcontract` / `estimateenergy` for `transfer(address,uint256)` report the energy
 * the transfer would use (`energy_used` / `energy_required`).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { stringify as losslessStringify } from 'lossless-json';
import { tronAddressFromHex, tronAddressToHex, varintHex } from '../../src/chains/tron/trongrid-chain.ts';

/** The catalogue's USDT_TRC20 contract, the fake's default token. */
export const FAKE_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Where the tests' own deposits come from: an account outside the fake's books. */
const OUTSIDE = `41${'ee'.repeat(20)}`;
const SUN_PER_TRX = 1_000_000n;
/** java-tron's resource window: 24 h of 3 s slots. */
const WINDOW = 28_800;
const SLOT_MS = 3000;
/** java-tron adds this many bytes per contract for the result a block stores (Constant.MAX_RESULT_SIZE_IN_TX). */
const MAX_RESULT_SIZE_IN_TX = 64;

/** Chain parameters the fake serves from `/wallet/getchainparameters` and keeps its books by. */
export interface FakeTronParams {
  /** Sun burned per unit of energy. */
  getEnergyFee: number;
  /** Sun burned per byte of bandwidth. */
  getTransactionFee: number;
  /** Free bytes per account per 24 h. */
  getFreeNetLimit: number;
  /** Bandwidth fee (sun) of a transaction that creates an account, when no staked bandwidth covers it. */
  getCreateAccountFee: number;
  /** The TransferContract's own fee (sun) for creating its receiver's account. */
  getCreateNewAccountFeeInSystemContract: number;
  /** Energy the whole network's stake yields per 24 h. */
  getTotalEnergyLimit: number;
  /** Bandwidth the whole network's stake yields per 24 h. */
  getTotalNetLimit: number;
  /** TRX staked for energy network-wide (fixed: the fake's own stakes are a rounding error of it). */
  totalEnergyWeight: number;
  /** TRX staked for bandwidth network-wide. */
  totalNetWeight: number;
  /** Energy of a TRC-20 transfer to an address that already holds the token. */
  trc20EnergyToHolder: number;
  /** Energy of a TRC-20 transfer to an address that holds none (a new storage slot). */
  trc20EnergyToNewHolder: number;
}

/** Mainnet's prices with round stake ratios: 10 energy and 1 byte a day per TRX staked. */
export const DEFAULT_PARAMS: FakeTronParams = {
  getEnergyFee: 420,
  getTransactionFee: 1000,
  getFreeNetLimit: 600,
  getCreateAccountFee: 100_000,
  getCreateNewAccountFeeInSystemContract: 1_000_000,
  getTotalEnergyLimit: 90_000_000_000,
  getTotalNetLimit: 43_200_000_000,
  totalEnergyWeight: 9_000_000_000,
  totalNetWeight: 43_200_000_000,
  trc20EnergyToHolder: 65_000,
  trc20EnergyToNewHolder: 130_000,
};

/** An account's books, as the fake keeps them (at the head block's time). */
export interface FakeAccount {
  exists: boolean;
  /** TRX, sun. */
  balance: bigint;
  /** Staked (freezeBalanceV2) and still the owner's, sun. */
  frozenV2Energy: bigint;
  frozenV2Bandwidth: bigint;
  /** Staked TRX delegated to others / by others to this account, sun. */
  delegatedEnergyOut: bigint;
  acquiredEnergy: bigint;
  delegatedBandwidthOut: bigint;
  acquiredBandwidth: bigint;
  /** As `/wallet/getaccountresource` has them. */
  energyLimit: number;
  energyUsed: number;
  netLimit: number;
  netUsed: number;
  freeNetLimit: number;
  freeNetUsed: number;
}

/** Stake and resource usage of one account (usage recorded with the slot it was last updated at). */
interface Stake {
  frozenEnergy: bigint;
  frozenNet: bigint;
  delegatedEnergyOut: bigint;
  delegatedNetOut: bigint;
  acquiredEnergy: bigint;
  acquiredNet: bigint;
  energyUsage: number;
  energySlot: number;
  netUsage: number;
  netSlot: number;
  freeNetUsage: number;
  freeNetSlot: number;
}

/** What a mined transaction's info reports. */
interface Mined {
  number: number;
  /** contractRet: SUCCESS, REVERT, OUT_OF_ENERGY… */
  result: string;
  fee?: bigint | number;
  receipt?: Record<string, number | string>;
  type?: string;
  contract?: string;
}

const RESOURCE_CODES: Record<string, number> = { BANDWIDTH: 0, ENERGY: 1, TRON_POWER: 2 };
/** A ResourceCode as JSON has it ("ENERGY", or a number; absent is BANDWIDTH). */
const resourceCode = (r: unknown): number => (typeof r === 'number' ? r : (RESOURCE_CODES[String(r ?? 'BANDWIDTH')] ?? 0));
/** A base58 address from either form. */
const b58 = (a: string): string => (a.startsWith('T') ? a : tronAddressFromHex(a));
/** A 21-byte hex address from either form. */
const hex41 = (a: string): string => (a.startsWith('T') ? tronAddressToHex(a) : a.toLowerCase());

/**
 * A node's protobuf encoding of `Transaction.raw` (java-tron's Tron.proto), with the contracts of
 * balance_contract.proto and smart_contract.proto the gateway uses: what the node hashes into a
 * transaction id.
 */
export function encodeTronRaw(raw: any): string {
  const varint = (n: bigint | number) => varintHex(BigInt(n));
  const num = (field: number, v: unknown) =>
    v === undefined || v === null || v === 0 || v === 0n || v === false ? '' : varint(field << 3) + varint(v === true ? 1 : (v as number));
  const bytes = (field: number, h: string | undefined) => (h === undefined ? '' : varint((field << 3) | 2) + varint(h.length / 2) + h);
  const addr = (a: string | undefined) => (a === undefined ? undefined : hex41(a));
  const types: Record<string, [number, (v: any) => string]> = {
    TransferContract: [1, (v) => bytes(1, addr(v.owner_address)) + bytes(2, addr(v.to_address)) + num(3, v.amount)],
    TriggerSmartContract: [
      31,
      (v) =>
        bytes(1, addr(v.owner_address)) +
        bytes(2, addr(v.contract_address)) +
        num(3, v.call_value) +
        bytes(4, v.data) +
        num(5, v.call_token_value) +
        num(6, v.token_id),
    ],
    FreezeBalanceV2Contract: [54, (v) => bytes(1, addr(v.owner_address)) + num(2, v.frozen_balance) + num(3, resourceCode(v.resource))],
    UnfreezeBalanceV2Contract: [55, (v) => bytes(1, addr(v.owner_address)) + num(2, v.unfreeze_balance) + num(3, resourceCode(v.resource))],
    DelegateResourceContract: [
      57,
      (v) =>
        bytes(1, addr(v.owner_address)) +
        num(2, resourceCode(v.resource)) +
        num(3, v.balance) +
        bytes(4, addr(v.receiver_address)) +
        num(5, v.lock) +
        num(6, v.lock_period),
    ],
    UnDelegateResourceContract: [
      58,
      (v) => bytes(1, addr(v.owner_address)) + num(2, resourceCode(v.resource)) + num(3, v.balance) + bytes(4, addr(v.receiver_address)),
    ],
  };
  const contracts = raw.contract.map((c: any) => {
    const type = types[c.type];
    if (!type) throw new Error(`fake TronGrid: cannot encode a ${c.type}`);
    const [code, encode] = type;
    const any =
      bytes(1, hex.encode(new TextEncoder().encode(`type.googleapis.com/protocol.${c.type}`))) + bytes(2, encode(c.parameter.value));
    return bytes(11, num(1, code) + bytes(2, any));
  });
  return (
    bytes(1, raw.ref_block_bytes) +
    bytes(4, raw.ref_block_hash) +
    num(8, raw.expiration) +
    contracts.join('') +
    num(14, raw.timestamp) +
    num(18, raw.fee_limit)
  );
}

/** A transaction's id: the SHA-256 of its raw bytes. */
export function tronTxId(rawDataHex: string): string {
  return hex.encode(sha256(hex.decode(rawDataHex)));
}

/**
 * The bandwidth (bytes) java-tron charges a transaction: the protobuf `Transaction` without its
 * `ret` (raw_data as field 1, each signature as field 2) plus 64 bytes per contract for the result.
 */
export function bandwidthOf(tx: { raw_data: any; signature?: string[] }): number {
  const field = (n: number, h: string) =>
    varintHex(BigInt((n << 3) | 2)).length / 2 + varintHex(BigInt(h.length / 2)).length / 2 + h.length / 2;
  const raw = encodeTronRaw(tx.raw_data);
  return (
    field(1, raw) + (tx.signature ?? []).reduce((s, sig) => s + field(2, sig), 0) + MAX_RESULT_SIZE_IN_TX * tx.raw_data.contract.length
  );
}

/** java-tron's fixed-point precision for resource usage (ResourceProcessor). */
const PRECISION = 1_000_000;

/**
 * The usage left of `usage` recorded at slot `from` once slot `to` is reached: linear recovery over
 * the window, in java-tron's fixed point (ResourceProcessor.increase with nothing added).
 */
function recovered(usage: number, from: number, to: number): number {
  if (usage <= 0 || from + WINDOW <= to) return 0;
  if (to <= from) return usage;
  const average = Math.ceil((usage * PRECISION) / WINDOW);
  const decayed = Math.round(average * ((WINDOW - (to - from)) / WINDOW));
  return Math.floor((decayed * WINDOW) / PRECISION);
}

/** The local TronGrid (see the file's head comment). */
export function fakeTronGrid(opts: { accounting?: 'java-tron' | 'flat'; params?: Partial<FakeTronParams> } = {}) {
  const flat = opts.accounting === 'flat';
  const params: FakeTronParams = { ...DEFAULT_PARAMS, ...opts.params };
  const blocks: any[] = [];
  const pending: any[] = [];
  /** TRX balance (sun) by base58 address; an entry means the account exists. */
  const accounts = new Map<string, number | bigint>();
  /** Token holders by contract; FAKE_USDT's map is `tokenBalances`. */
  const tokens = new Map<string, Map<string, number | bigint>>();
  const tokenBalances = new Map<string, number | bigint>();
  tokens.set(FAKE_USDT, tokenBalances);
  const stakes = new Map<string, Stake>();
  /** Stake 2.0 delegations by `${from}|${to}|${locked}`: sun of staked TRX, and when a lock ends (ms). */
  const delegations = new Map<string, { energy: bigint; net: bigint; expireEnergy: number; expireNet: number }>();
  const mined = new Map<string, Mined>();
  /** The bodies of the broadcasts the node took, by id: what a block applies. */
  const received = new Map<string, any>();
  const broadcasts: any[] = [];
  /** Codes of the broadcasts the node refused, in order. */
  const refused: string[] = [];
  /** Sun a transaction burns, shown as `fee` in its info once it is in a block (preset by a test, it overrides what is shown). */
  const fees = new Map<string, bigint | number>();
  /** While set, the node answers every call with java-tron's `{ Error }` body. */
  const faults = { node: false };
  /** The next block's timestamp (ms). */
  const clock = { now: 1_700_000_000_000 };
  /** Blocks the solidified head trails the head by (java-tron: about 19, two thirds of 27 producers). */
  const solid = { lag: 19 };
  const head = () => blocks[blocks.length - 1];
  const headTime = (): number => head().block_header.raw_data.timestamp;
  const headSlot = () => Math.floor(headTime() / SLOT_MS);
  const solidHead = () => blocks[Math.max(0, blocks.length - 1 - solid.lag)];

  const balanceOf = (a: string): bigint => BigInt(accounts.get(a) ?? 0);
  const setBalance = (a: string, sun: bigint) => accounts.set(a, sun);
  const holders = (contract: string) => {
    let m = tokens.get(b58(contract));
    if (!m) tokens.set(b58(contract), (m = new Map()));
    return m;
  };
  const tokenBalance = (contract: string, address: string): bigint => BigInt(holders(contract).get(b58(address)) ?? 0);
  const stakeOf = (a: string): Stake => {
    let s = stakes.get(a);
    if (!s) {
      s = {
        frozenEnergy: 0n,
        frozenNet: 0n,
        delegatedEnergyOut: 0n,
        delegatedNetOut: 0n,
        acquiredEnergy: 0n,
        acquiredNet: 0n,
        energyUsage: 0,
        energySlot: 0,
        netUsage: 0,
        netSlot: 0,
        freeNetUsage: 0,
        freeNetSlot: 0,
      };
      stakes.set(a, s);
    }
    return s;
  };
  /**
   * Energy a day from the TRX staked for it, own and delegated to the account (java-tron's
   * calculateGlobalEnergyLimitV2 once Stake 2.0 is on: fractional TRX, no minimum).
   */
  const energyLimit = (s: Stake) =>
    Math.floor((Number(s.frozenEnergy + s.acquiredEnergy) / Number(SUN_PER_TRX)) * (params.getTotalEnergyLimit / params.totalEnergyWeight));
  /** Bandwidth a day from the TRX staked for it (calculateGlobalNetLimitV2). */
  const netLimit = (s: Stake) =>
    Math.floor((Number(s.frozenNet + s.acquiredNet) / Number(SUN_PER_TRX)) * (params.getTotalNetLimit / params.totalNetWeight));
  /** Brings an account's usage to `slot` (recovery), as java-tron does before reading or charging it. */
  const settle = (s: Stake, slot: number) => {
    s.energyUsage = recovered(s.energyUsage, s.energySlot, slot);
    s.netUsage = recovered(s.netUsage, s.netSlot, slot);
    s.freeNetUsage = recovered(s.freeNetUsage, s.freeNetSlot, slot);
    s.energySlot = s.netSlot = s.freeNetSlot = slot;
  };

  const account = (address: string): FakeAccount => {
    const a = b58(address);
    const s = { ...stakeOf(a) };
    settle(s, headSlot());
    return {
      exists: accounts.has(a),
      balance: balanceOf(a),
      frozenV2Energy: s.frozenEnergy,
      frozenV2Bandwidth: s.frozenNet,
      delegatedEnergyOut: s.delegatedEnergyOut,
      acquiredEnergy: s.acquiredEnergy,
      delegatedBandwidthOut: s.delegatedNetOut,
      acquiredBandwidth: s.acquiredNet,
      energyLimit: energyLimit(s),
      energyUsed: s.energyUsage,
      netLimit: netLimit(s),
      netUsed: s.netUsage,
      freeNetLimit: params.getFreeNetLimit,
      freeNetUsed: s.freeNetUsage,
    };
  };
  /** Leaves zero fields out, as java-tron's JSON of a protobuf message does. */
  const compact = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0 && v !== 0n && v !== undefined && v !== ''));
  /** `/wallet/getaccountresource`: `{}` for an account the chain does not have. */
  const resources = (address: string) => {
    const a = account(address);
    if (!a.exists) return {};
    return compact({
      freeNetUsed: a.freeNetUsed,
      freeNetLimit: a.freeNetLimit,
      NetUsed: a.netUsed,
      NetLimit: a.netLimit,
      TotalNetLimit: params.getTotalNetLimit,
      TotalNetWeight: params.totalNetWeight,
      tronPowerLimit: Number((a.frozenV2Energy + a.frozenV2Bandwidth + a.delegatedEnergyOut + a.delegatedBandwidthOut) / SUN_PER_TRX),
      EnergyUsed: a.energyUsed,
      EnergyLimit: a.energyLimit,
      TotalEnergyLimit: params.getTotalEnergyLimit,
      TotalEnergyWeight: params.totalEnergyWeight,
    });
  };
  /** `/wallet/getaccount` with the Stake 2.0 fields. */
  const accountJson = (address: string, asGiven: string) => {
    const a = account(address);
    if (!a.exists) return {};
    const s = stakeOf(b58(address));
    return compact({
      address: asGiven,
      balance: a.balance,
      frozenV2: [compact({ amount: a.frozenV2Bandwidth }), compact({ type: 'ENERGY', amount: a.frozenV2Energy }), { type: 'TRON_POWER' }],
      net_usage: a.netUsed,
      free_net_usage: a.freeNetUsed,
      latest_consume_free_time: s.freeNetUsage ? s.freeNetSlot * SLOT_MS : 0,
      delegated_frozenV2_balance_for_bandwidth: a.delegatedBandwidthOut,
      acquired_delegated_frozenV2_balance_for_bandwidth: a.acquiredBandwidth,
      account_resource: compact({
        energy_usage: a.energyUsed,
        latest_consume_time_for_energy: s.energyUsage ? s.energySlot * SLOT_MS : 0,
        energy_window_size: WINDOW,
        delegated_frozenV2_balance_for_energy: a.delegatedEnergyOut,
        acquired_delegated_frozenV2_balance_for_energy: a.acquiredEnergy,
      }),
    });
  };
  /** The staked TRX (sun) an account can still delegate: its frozenV2 less what its usage takes up (java-tron's getcandelegatedmaxsize). */
  const canDelegate = (address: string, resource: number): bigint => {
    const a = b58(address);
    if (!accounts.has(a)) return 0n;
    const s = { ...stakeOf(a) };
    settle(s, headSlot());
    if (resource === 1) {
      const usageSun = BigInt(Math.floor(s.energyUsage * ((params.totalEnergyWeight * Number(SUN_PER_TRX)) / params.getTotalEnergyLimit)));
      const v2Usage = usageSun - s.acquiredEnergy > 0n ? usageSun - s.acquiredEnergy : 0n;
      return s.frozenEnergy > v2Usage ? s.frozenEnergy - v2Usage : 0n;
    }
    const usageSun = BigInt(Math.floor(s.netUsage * ((params.totalNetWeight * Number(SUN_PER_TRX)) / params.getTotalNetLimit)));
    const v2Usage = usageSun - s.acquiredNet > 0n ? usageSun - s.acquiredNet : 0n;
    return s.frozenNet > v2Usage ? s.frozenNet - v2Usage : 0n;
  };

  /** Why java-tron's actuator would refuse the contract now, or null (messages as java-tron words them). */
  const validate = (c: any): string | null => {
    const v = c.parameter.value;
    const owner = b58(v.owner_address);
    const bal = balanceOf(owner);
    switch (c.type) {
      case 'TransferContract': {
        if (!accounts.has(owner)) return 'Validate TransferContract error, no OwnerAccount.';
        const to = b58(v.to_address);
        if (to === owner) return 'Cannot transfer TRX to yourself.';
        const amount = BigInt(v.amount ?? 0);
        if (amount <= 0n) return 'Amount must be greater than 0.';
        const fee = accounts.has(to) ? 0n : BigInt(params.getCreateNewAccountFeeInSystemContract);
        if (bal < amount + fee) return 'Validate TransferContract error, balance is not sufficient.';
        return null;
      }
      case 'TriggerSmartContract':
        return accounts.has(owner) ? null : `Account[${hex41(v.owner_address)}] not exists`;
      case 'FreezeBalanceV2Contract': {
        if (!accounts.has(owner)) return `Account[${hex41(v.owner_address)}] not exists`;
        const frozen = BigInt(v.frozen_balance ?? 0);
        if (frozen < SUN_PER_TRX) return 'frozenBalance must be greater than or equal to 1 TRX';
        if (frozen > bal) return 'frozenBalance must be less than or equal to accountBalance';
        return null;
      }
      case 'DelegateResourceContract': {
        if (!accounts.has(owner)) return `Account[${hex41(v.owner_address)}] not exists`;
        const amount = BigInt(v.balance ?? 0);
        if (amount < SUN_PER_TRX) return 'delegateBalance must be greater than or equal to 1 TRX';
        const resource = resourceCode(v.resource);
        if (amount > canDelegate(owner, resource)) {
          return resource === 1
            ? 'delegateBalance must be less than or equal to available FreezeEnergyV2 balance'
            : 'delegateBalance must be less than or equal to available FreezeBandwidthV2 balance';
        }
        const receiver = b58(v.receiver_address);
        if (receiver === owner) return 'receiverAddress must not be the same as ownerAddress';
        if (!accounts.has(receiver)) return `Account[${hex41(v.receiver_address)}] not exists`;
        if (holdsCode(receiver)) return 'Do not allow delegate resources to contract addresses';
        return null;
      }
      case 'UnDelegateResourceContract': {
        if (!accounts.has(owner)) return `Account[${hex41(v.owner_address)}] not exists`;
        const amount = BigInt(v.balance ?? 0);
        if (amount <= 0n) return 'unDelegateBalance must be more than 0 TRX';
        const receiver = b58(v.receiver_address);
        if (receiver === owner) return 'receiverAddress must not be the same as ownerAddress';
        const resource = resourceCode(v.resource);
        const free = undelegatable(owner, receiver, resource);
        if (free < amount)
          return `insufficient delegatedFrozenBalance(${resource === 1 ? 'Energy' : 'Bandwidth'}), request=${amount}, unlock_balance=${free}`;
        return null;
      }
      default:
        return `fake TronGrid: ${c.type} is not supported`;
    }
  };
  /** A token contract the fake knows is a contract account, which takes no delegation. */
  const holdsCode = (a: string) => tokens.has(a);
  const undelegatable = (owner: string, receiver: string, resource: number): bigint => {
    let sum = 0n;
    for (const locked of [false, true]) {
      const d = delegations.get(`${owner}|${receiver}|${locked}`);
      if (!d) continue;
      const [amount, expire] = resource === 1 ? [d.energy, d.expireEnergy] : [d.net, d.expireNet];
      if (!locked || expire <= headTime()) sum += amount;
    }
    return sum;
  };

  /**
   * Pays a transaction's bandwidth from `owner`'s books at `slot`: the receipt's net fields, or
   * null when the account can pay neither with bandwidth nor with TRX. `dry` leaves the books alone.
   */
  const payBandwidth = (
    owner: string,
    bytes: number,
    createsAccount: boolean,
    slot: number,
    dry: boolean,
  ): { net_usage?: number; net_fee?: number } | null => {
    const real = stakeOf(owner);
    const s = dry ? { ...real } : real;
    settle(s, slot);
    if (netLimit(s) - s.netUsage >= bytes) {
      s.netUsage += bytes;
      return { net_usage: bytes };
    }
    if (!createsAccount && params.getFreeNetLimit - s.freeNetUsage >= bytes) {
      s.freeNetUsage += bytes;
      return { net_usage: bytes };
    }
    const fee = createsAccount ? params.getCreateAccountFee : bytes * params.getTransactionFee;
    if (balanceOf(owner) < BigInt(fee)) return null;
    if (!dry) setBalance(owner, balanceOf(owner) - BigInt(fee));
    return { net_fee: fee };
  };

  /** A TRC-20 `transfer(address,uint256)` call's receiver and amount, if `data` is one. */
  const transferCall = (data: string | undefined): { to: string; amount: bigint } | null =>
    data?.startsWith('a9059cbb') && data.length >= 8 + 128
      ? { to: tronAddressFromHex(`41${data.slice(8 + 24, 8 + 64)}`), amount: BigInt(`0x${data.slice(8 + 64, 8 + 128)}`) }
      : null;

  /** The energy a TRC-20 transfer call would use now: null when it would revert (not a transfer, or the sender lacks the tokens). */
  const transferEnergy = (contract: string, owner: string, data: string): number | null => {
    const call = transferCall(data);
    if (!call || tokenBalance(contract, owner) < call.amount) return null;
    return tokenBalance(contract, call.to) === 0n ? params.trc20EnergyToNewHolder : params.trc20EnergyToHolder;
  };

  /**
   * Applies a broadcast transaction in a block at `slot` by java-tron's rules: null when the block
   * cannot take it (its contract or its bandwidth no longer validates), else its outcome.
   */
  const apply = (body: any, slot: number): Mined | null => {
    const c = body.raw_data.contract[0];
    const v = c.parameter.value;
    if (validate(c)) return null;
    const owner = b58(v.owner_address);
    const createsAccount = c.type === 'TransferContract' && !accounts.has(b58(v.to_address));
    const net = payBandwidth(owner, bandwidthOf(body), createsAccount, slot, false);
    if (!net) return null;
    let fee = BigInt(net.net_fee ?? 0);
    const receipt: Record<string, number | string> = { ...net };
    let result = 'SUCCESS';
    const s = stakeOf(owner);
    switch (c.type) {
      case 'TransferContract': {
        const to = b58(v.to_address);
        const amount = BigInt(v.amount);
        const extra = createsAccount ? BigInt(params.getCreateNewAccountFeeInSystemContract) : 0n;
        setBalance(owner, balanceOf(owner) - amount - extra);
        setBalance(to, balanceOf(to) + amount);
        fee += extra;
        break;
      }
      case 'TriggerSmartContract': {
        const call = transferCall(v.data);
        const contract = b58(v.contract_address);
        const ok = call !== null && tokenBalance(contract, owner) >= call.amount;
        const needed = ok && tokenBalance(contract, call.to) === 0n ? params.trc20EnergyToNewHolder : params.trc20EnergyToHolder;
        const price = BigInt(params.getEnergyFee);
        const left = Math.max(0, energyLimit(s) - s.energyUsage);
        const limit = Math.min(left + Number(balanceOf(owner) / price), Number(BigInt(body.raw_data.fee_limit ?? 0) / price));
        const used = Math.min(needed, limit);
        result = needed > limit ? 'OUT_OF_ENERGY' : ok ? 'SUCCESS' : 'REVERT';
        const fromStake = Math.min(used, left);
        const burned = BigInt(used - fromStake) * price;
        s.energyUsage += fromStake;
        setBalance(owner, balanceOf(owner) - burned);
        fee += burned;
        Object.assign(receipt, { energy_usage: fromStake, energy_fee: Number(burned), energy_usage_total: used, result });
        if (result === 'SUCCESS' && call) {
          const m = holders(contract);
          m.set(owner, tokenBalance(contract, owner) - call.amount);
          m.set(call.to, tokenBalance(contract, call.to) + call.amount);
        }
        break;
      }
      case 'FreezeBalanceV2Contract': {
        const amount = BigInt(v.frozen_balance);
        setBalance(owner, balanceOf(owner) - amount);
        if (resourceCode(v.resource) === 1) s.frozenEnergy += amount;
        else s.frozenNet += amount;
        break;
      }
      case 'DelegateResourceContract': {
        const amount = BigInt(v.balance);
        const receiver = b58(v.receiver_address);
        const r = stakeOf(receiver);
        const energy = resourceCode(v.resource) === 1;
        const key = `${owner}|${receiver}|${Boolean(v.lock)}`;
        const d = delegations.get(key) ?? { energy: 0n, net: 0n, expireEnergy: 0, expireNet: 0 };
        // A lock runs lock_period blocks (3 days when none is given) from this block.
        const expire = v.lock ? slot * SLOT_MS + Number(v.lock_period || 86_400) * SLOT_MS : 0;
        if (energy) {
          s.frozenEnergy -= amount;
          s.delegatedEnergyOut += amount;
          r.acquiredEnergy += amount;
          d.energy += amount;
          d.expireEnergy = expire;
        } else {
          s.frozenNet -= amount;
          s.delegatedNetOut += amount;
          r.acquiredNet += amount;
          d.net += amount;
          d.expireNet = expire;
        }
        delegations.set(key, d);
        break;
      }
      case 'UnDelegateResourceContract': {
        let amount = BigInt(v.balance);
        const receiver = b58(v.receiver_address);
        const r = stakeOf(receiver);
        settle(r, slot);
        const energy = resourceCode(v.resource) === 1;
        // The receiver's usage goes back with the stake, in proportion (java-tron's UnDelegateResourceActuator).
        const before = energy ? r.frozenEnergy + r.acquiredEnergy : r.frozenNet + r.acquiredNet;
        const usage = energy ? r.energyUsage : r.netUsage;
        const ratio = energy ? params.getTotalEnergyLimit / params.totalEnergyWeight : params.getTotalNetLimit / params.totalNetWeight;
        // …at most what the stake taken back yields in a day (unDelegateMaxUsage). The owner's recovery
        // restarts from this block; java-tron instead merges the two accounts' recovery windows.
        const moved =
          before > 0n
            ? Math.min(Math.floor((usage * Number(amount)) / Number(before)), Math.floor((Number(amount) / Number(SUN_PER_TRX)) * ratio))
            : 0;
        if (energy) {
          r.acquiredEnergy -= amount;
          r.energyUsage -= moved;
          s.energyUsage += moved;
          s.delegatedEnergyOut -= amount;
          s.frozenEnergy += amount;
        } else {
          r.acquiredNet -= amount;
          r.netUsage -= moved;
          s.netUsage += moved;
          s.delegatedNetOut -= amount;
          s.frozenNet += amount;
        }
        for (const locked of [false, true]) {
          const key = `${owner}|${receiver}|${locked}`;
          const d = delegations.get(key);
          if (!d || amount === 0n) continue;
          if (locked && (energy ? d.expireEnergy : d.expireNet) > headTime()) continue;
          const take = (have: bigint) => (have < amount ? have : amount);
          if (energy) {
            const t = take(d.energy);
            d.energy -= t;
            amount -= t;
          } else {
            const t = take(d.net);
            d.net -= t;
            amount -= t;
          }
          if (d.energy === 0n && d.net === 0n) delegations.delete(key);
        }
        break;
      }
    }
    return {
      number: blocks.length,
      result,
      fee,
      receipt,
      type: c.type,
      ...(c.type === 'TriggerSmartContract' ? { contract: hex41(v.contract_address) } : {}),
    };
  };

  /** A transaction the tests mine from outside the fake's books: it credits its receiver and debits nobody. */
  const applyOutside = (tx: any) => {
    if ((tx.ret?.[0]?.contractRet ?? 'SUCCESS') !== 'SUCCESS') return;
    const c = tx.raw_data.contract[0];
    const v = c?.parameter?.value;
    if (!v) return;
    if (c.type === 'TransferContract' && v.to_address) {
      const to = b58(v.to_address);
      setBalance(to, balanceOf(to) + BigInt(v.amount ?? 0));
    } else if (c.type === 'TriggerSmartContract' && v.contract_address) {
      const call = transferCall(v.data);
      if (call) holders(b58(v.contract_address)).set(call.to, tokenBalance(v.contract_address, call.to) + call.amount);
    }
  };

  /** A block of `txs`, or of the pending transactions that expire after its parent's time; the pool then forgets what expired. */
  const mine = (txs?: any[]) => {
    const parentTime = blocks.length ? headTime() : -Infinity;
    const offered = txs ?? pending.filter((tx) => !(tx.raw_data.expiration <= parentTime));
    const number = blocks.length;
    const slot = Math.floor(clock.now / SLOT_MS);
    const taken: any[] = [];
    for (const tx of offered) {
      const body = received.get(tx.txID);
      if (flat) {
        mined.set(tx.txID, { number, result: tx.ret?.[0]?.contractRet ?? 'SUCCESS', fee: fees.get(tx.txID) });
        taken.push(tx);
      } else if (body) {
        const outcome = apply(body, slot);
        if (!outcome) continue; // java-tron drops it: no block can take it now
        if (!fees.has(tx.txID)) fees.set(tx.txID, outcome.fee ?? 0);
        mined.set(tx.txID, { ...outcome, number, fee: fees.get(tx.txID) });
        taken.push({ ...tx, ret: [{ contractRet: outcome.result }] });
      } else {
        applyOutside(tx);
        mined.set(tx.txID, { number, result: tx.ret?.[0]?.contractRet ?? 'SUCCESS', fee: fees.get(tx.txID) });
        taken.push(tx);
      }
    }
    blocks.push({
      blockID: hex.encode(randomBytes(32)),
      block_header: { raw_data: { number, timestamp: clock.now } },
      transactions: taken,
    });
    clock.now += SLOT_MS;
    for (let i = pending.length - 1; i >= 0; i--)
      if (offered.includes(pending[i]) || pending[i].raw_data.expiration <= headTime()) pending.splice(i, 1);
  };
  const skip = (ms: number) => (clock.now += ms);
  for (let i = 0; i < 10; i++) mine([]);

  /** A new transaction's reference to the latest block and its expiry, as the node sets them (60 s past the head). */
  const refBlock = () => {
    const number = head().block_header.raw_data.number;
    return {
      ref_block_bytes: (number & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: head().blockID.slice(16, 32),
      expiration: headTime() + 60_000,
      timestamp: clock.now,
    };
  };
  /** A transaction the node builds, as createtransaction and the Stake 2.0 endpoints answer it. */
  const built = (type: string, value: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const raw_data = {
      contract: [{ parameter: { value, type_url: `type.googleapis.com/protocol.${type}` }, type }],
      ...refBlock(),
      ...extra,
    };
    const raw_data_hex = encodeTronRaw(raw_data);
    return { visible: true, txID: tronTxId(raw_data_hex), raw_data, raw_data_hex };
  };
  /** java-tron validates what it builds: a contract its actuator refuses comes back as `{ Error }`. */
  const build = (type: string, value: Record<string, unknown>) => {
    const why = flat ? null : validate({ type, parameter: { value } });
    return why ? { Error: `class org.tron.core.exception.ContractValidateException : ${why}` } : built(type, value);
  };

  /** `/wallet/gettransactioninfobyid` up to block `upTo`: `{}` for a transaction in none. */
  const info = (txID: string, upTo = Infinity) => {
    const m = mined.get(txID);
    if (!m || m.number > upTo) return {};
    const base = {
      id: txID,
      ...(m.fee ? { fee: m.fee } : {}),
      blockNumber: m.number,
      blockTimeStamp: blocks[m.number].block_header.raw_data.timestamp,
    };
    // A failed contract call says so in its receipt and in `result: FAILED`; `fee` is left out when none was burned.
    if (flat || !m.receipt) return { ...base, receipt: { result: m.result }, ...(m.result === 'SUCCESS' ? {} : { result: 'FAILED' }) };
    const trigger = m.type === 'TriggerSmartContract';
    return {
      ...base,
      contractResult: [trigger && m.result === 'SUCCESS' ? '1'.padStart(64, '0') : ''],
      ...(trigger ? { contract_address: m.contract } : {}),
      receipt: compact(m.receipt),
      ...(m.result === 'SUCCESS'
        ? {}
        : {
            result: 'FAILED',
            resMessage: hex.encode(new TextEncoder().encode(m.result === 'OUT_OF_ENERGY' ? 'Not enough energy' : 'REVERT opcode executed')),
          }),
    };
  };

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : {};
    const send = (v: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(losslessStringify(faults.node ? { Error: 'class org.tron.core.exception.StoreException : database unavailable' } : v));
    };
    switch (req.url) {
      case '/wallet/getnowblock':
        return send(head());
      case '/walletsolidity/getnowblock':
        return send(solidHead());
      case '/wallet/getblockbynum':
        return send(blocks[body.num] ?? {});
      case '/wallet/gettransactioninfobyid':
        return send(info(body.value));
      case '/walletsolidity/gettransactioninfobyid':
        return send(info(body.value, solidHead().block_header.raw_data.number));
      case '/wallet/gettransactionfrompending':
        return send(pending.find((tx) => tx.txID === body.value) ?? {});
      case '/wallet/getchainparameters':
        return send({
          chainParameter: [
            { key: 'getTransactionFee', value: params.getTransactionFee },
            { key: 'getEnergyFee', value: params.getEnergyFee },
            { key: 'getCreateAccountFee', value: params.getCreateAccountFee },
            { key: 'getCreateNewAccountFeeInSystemContract', value: params.getCreateNewAccountFeeInSystemContract },
            { key: 'getFreeNetLimit', value: params.getFreeNetLimit },
            { key: 'getTotalEnergyLimit', value: params.getTotalEnergyLimit },
            { key: 'getTotalEnergyCurrentLimit', value: params.getTotalEnergyLimit },
            { key: 'getTotalNetLimit', value: params.getTotalNetLimit },
            { key: 'getUnfreezeDelayDays', value: 14 },
          ],
        });
      case '/wallet/getaccount':
        return send(accountJson(body.address, body.address));
      case '/wallet/getaccountresource':
        return send(resources(body.address));
      case '/wallet/getcandelegatedmaxsize': {
        const max = canDelegate(body.owner_address, Number(body.type ?? 0));
        return send(max > 0n ? { max_size: max } : {});
      }
      case '/wallet/getdelegatedresourcev2': {
        const [from, to] = [b58(body.fromAddress), b58(body.toAddress)];
        const out = (a: string) => (body.visible ? a : hex41(a));
        const list = [false, true].flatMap((locked) => {
          const d = delegations.get(`${from}|${to}|${locked}`);
          if (!d) return [];
          return [
            compact({
              from: out(from),
              to: out(to),
              frozen_balance_for_bandwidth: d.net,
              frozen_balance_for_energy: d.energy,
              expire_time_for_bandwidth: d.expireNet,
              expire_time_for_energy: d.expireEnergy,
            }),
          ];
        });
        return send(list.length ? { delegatedResource: list } : {});
      }
      case '/wallet/triggerconstantcontract': {
        const contract = body.contract_address ?? FAKE_USDT;
        // A dry run of transfer(address,uint256): the energy it would use, as TronGrid reports it.
        if (String(body.function_selector ?? '').startsWith('transfer(')) {
          const energy = transferEnergy(contract, b58(body.owner_address), `a9059cbb${body.parameter}`);
          return send(
            energy === null
              ? { result: { result: false, message: 'REVERT opcode executed' } }
              : { result: { result: true }, energy_used: energy, constant_result: ['1'.padStart(64, '0')] },
          );
        }
        // balanceOf(address): the holder is the call's parameter (the owner's own balance without one).
        const holder =
          typeof body.parameter === 'string' && body.parameter.length >= 40
            ? tronAddressFromHex(`41${body.parameter.slice(-40)}`)
            : b58(body.owner_address);
        return send({ result: { result: true }, constant_result: [tokenBalance(contract, holder).toString(16).padStart(64, '0')] });
      }
      case '/wallet/estimateenergy': {
        const energy = transferEnergy(body.contract_address ?? FAKE_USDT, b58(body.owner_address), `a9059cbb${body.parameter}`);
        return send(
          energy === null
            ? { result: { result: false, message: 'REVERT opcode executed' } }
            : { result: { result: true }, energy_required: energy },
        );
      }
      case '/wallet/triggersmartcontract': {
        const value = { owner_address: body.owner_address, contract_address: body.contract_address, data: `a9059cbb${body.parameter}` };
        return send({ result: { result: true }, transaction: built('TriggerSmartContract', value, { fee_limit: body.fee_limit }) });
      }
      case '/wallet/createtransaction':
        return send(build('TransferContract', { owner_address: body.owner_address, to_address: body.to_address, amount: body.amount }));
      case '/wallet/freezebalancev2':
        return send(
          build(
            'FreezeBalanceV2Contract',
            compact({ owner_address: body.owner_address, frozen_balance: body.frozen_balance, resource: body.resource }),
          ),
        );
      case '/wallet/delegateresource':
        return send(
          build(
            'DelegateResourceContract',
            compact({
              owner_address: body.owner_address,
              receiver_address: body.receiver_address,
              balance: body.balance,
              resource: body.resource,
              lock: body.lock || undefined,
              lock_period: body.lock_period,
            }),
          ),
        );
      case '/wallet/undelegateresource':
        return send(
          build(
            'UnDelegateResourceContract',
            compact({
              owner_address: body.owner_address,
              receiver_address: body.receiver_address,
              balance: body.balance,
              resource: body.resource,
            }),
          ),
        );
      case '/wallet/broadcasttransaction':
        return send(acceptBroadcast(body));
      default:
        res.writeHead(404).end();
    }
  });

  /** java-tron's checks in its order (dup in the pool, expiration, dup in a block, signature, contract, bandwidth), then the pending pool. */
  const acceptBroadcast = (body: any) => {
    // Refusal messages are UTF-8 text for a `visible` request, its hex otherwise.
    const refuse = (code: string, text: string) => {
      refused.push(code);
      return { result: false, code, message: body.visible ? text : Buffer.from(text).toString('hex') };
    };
    const txID = tronTxId(encodeTronRaw(body.raw_data));
    if (pending.some((tx) => tx.txID === txID)) return refuse('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    if (body.raw_data.expiration <= headTime()) {
      return refuse(
        'TRANSACTION_EXPIRATION_ERROR',
        `Transaction expiration, transaction expiration time is ${body.raw_data.expiration}, but headBlockTime is ${headTime()}`,
      );
    }
    if (mined.has(txID)) return refuse('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    const sig = hex.decode(body.signature[0]);
    const recovered = secp256k1.recoverPublicKey(
      new Uint8Array([sig[64]! >= 27 ? sig[64]! - 27 : sig[64]!, ...sig.slice(0, 64)]),
      hex.decode(txID),
      { prehash: false },
    );
    const from = tronAddressFromHex(`41${hex.encode(keccak_256(secp256k1.Point.fromBytes(recovered).toBytes(false).slice(1)).slice(-20))}`);
    const c = body.raw_data.contract[0];
    const v = c.parameter.value;
    if (from !== b58(v.owner_address)) return refuse('SIGERROR', 'Validate signature error: bad signature');
    if (!flat) {
      const why = validate(c);
      if (why) return refuse('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${why}`);
      const createsAccount = c.type === 'TransferContract' && !accounts.has(b58(v.to_address));
      if (!payBandwidth(b58(v.owner_address), bandwidthOf(body), createsAccount, headSlot(), true))
        return refuse('BANDWITH_ERROR', 'Account resource insufficient error.');
    }
    broadcasts.push(body);
    received.set(txID, body);
    // 65,000 energy × 420 sun + 345 bytes × 1,000 sun burned for a token transfer; a TRX transfer fits the free bandwidth.
    if (flat && c.type === 'TriggerSmartContract' && !fees.has(txID)) fees.set(txID, 27_645_000);
    // Blocks show addresses in hex, as TronGrid does without `visible`.
    const inBlock = { ...v, owner_address: hex41(v.owner_address) };
    for (const k of ['to_address', 'contract_address', 'receiver_address']) if (typeof v[k] === 'string') inBlock[k] = hex41(v[k]);
    if (flat) inBlock.owner_address = v.owner_address;
    pending.push({
      txID,
      ret: [{ contractRet: 'SUCCESS' }],
      raw_data: { contract: [{ type: c.type, parameter: { value: inBlock } }], expiration: body.raw_data.expiration },
    });
    return { result: true, txid: txID };
  };

  /** An outside payment into `to`, in the pending pool for the next block. */
  const outside = (contract: any) => {
    const txID = hex.encode(randomBytes(32));
    pending.push({ txID, ret: [{ contractRet: 'SUCCESS' }], raw_data: { contract: [contract], expiration: headTime() + 60_000 } });
    return txID;
  };

  return {
    server,
    /** Listens on a free local port; resolves the base URL. */
    listen: async (): Promise<string> => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    params,
    blocks,
    pending,
    accounts,
    tokenBalances,
    broadcasts,
    refused,
    fees,
    faults,
    clock,
    solid,
    mine,
    skip,
    headTime,
    solidHead,
    /** Adds TRX to an account, creating it; no block. */
    fund: (address: string, sun: bigint | number) => setBalance(b58(address), balanceOf(b58(address)) + BigInt(sun)),
    /** Adds token units to a holder; no block, and no Tron account is created. */
    fundToken: (contract: string, address: string, units: bigint | number) =>
      holders(contract).set(b58(address), tokenBalance(contract, address) + BigInt(units)),
    tokenBalance,
    /** freezeBalanceV2 ENERGY, straight into the books: balance → frozenV2 (the account must hold the TRX). */
    stakeEnergy: (address: string, sun: bigint | number) => stake(address, BigInt(sun), 'frozenEnergy'),
    /** freezeBalanceV2 BANDWIDTH, straight into the books. */
    stakeBandwidth: (address: string, sun: bigint | number) => stake(address, BigInt(sun), 'frozenNet'),
    account,
    resources,
    info: (txID: string) => info(txID),
    /** An outside TRX payment into `to` for the next block; its id. */
    transferIn: (to: string, sun: bigint | number) =>
      outside({ type: 'TransferContract', parameter: { value: { owner_address: OUTSIDE, to_address: hex41(to), amount: BigInt(sun) } } }),
    /** An outside TRC-20 transfer into `to` for the next block; its id. */
    transferTokenIn: (contract: string, to: string, units: bigint | number) =>
      outside({
        type: 'TriggerSmartContract',
        parameter: {
          value: {
            owner_address: OUTSIDE,
            contract_address: hex41(contract),
            data: `a9059cbb${hex41(to).slice(2).padStart(64, '0')}${BigInt(units).toString(16).padStart(64, '0')}`,
          },
        },
      }),
  };

  function stake(address: string, sun: bigint, field: 'frozenEnergy' | 'frozenNet') {
    const a = b58(address);
    if (balanceOf(a) < sun) throw new Error(`fake TronGrid: ${a} holds ${balanceOf(a)} sun, cannot stake ${sun}`);
    setBalance(a, balanceOf(a) - sun);
    stakeOf(a)[field] += sun;
  }
}

/** The local TronGrid's handle. */
export type FakeTronGrid = ReturnType<typeof fakeTronGrid>;
