import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { TronCall } from './balances.ts';
import { stringifyExact } from './exact-json.ts';
import { TRC20_FEE_LIMIT } from './resources.ts';
import {
  checkBuilt,
  resourceShape,
  signTronTxId,
  transferShape,
  tronAddressFromHex,
  tronAddressToHex,
  type TransferShape,
} from './transaction.ts';
import { hex } from '@scure/base';

/** A transaction the node built and the sweeper checked: exactly the one asked for. */
export interface BuiltTronTx {
  txID: string;
  rawHex: string;
  expiration: number;
  json: { txID: string; raw_data: unknown; raw_data_hex: string };
}

/** A built transaction signed: what is stored, then broadcast. */
export interface SignedTronTx {
  txHash: string;
  raw: string;
  expiresAtMs: number;
}

/** The `T…` address of a secp256k1 private key. */
export function tronAddressOfKey(key: Uint8Array): string {
  return tronAddressFromHex(`41${hex.encode(keccak_256(secp256k1.getPublicKey(key, false).slice(1)).slice(-20))}`);
}

export function signBuilt(tx: BuiltTronTx, key: Uint8Array): SignedTronTx {
  return { txHash: tx.txID, raw: stringifyExact({ ...tx.json, signature: [signTronTxId(tx.txID, key)] }), expiresAtMs: tx.expiration };
}

/**
 * Has the node build the sweeper's transactions (TRX transfers, TRC-20 `transfer` calls, Stake 2.0
 * energy delegations and their reclaims) and checks each is exactly the one asked for before it can
 * be signed, as withdrawals are.
 */
export class TronTxBuilder {
  constructor(private readonly call: TronCall) {}

  trx(owner: string, to: string, amount: bigint): Promise<BuiltTronTx> {
    return this.built(
      '/wallet/createtransaction',
      { owner_address: owner, to_address: to, amount, visible: true },
      transferShape(owner, to, amount, null),
    );
  }

  async trc20(owner: string, contract: string, to: string, units: bigint): Promise<BuiltTronTx> {
    const data = `a9059cbb${tronAddressToHex(to).slice(2).padStart(64, '0')}${units.toString(16).padStart(64, '0')}`;
    const res = await this.call<{ result?: { result?: boolean; message?: string }; transaction?: unknown }>(
      '/wallet/triggersmartcontract',
      {
        owner_address: owner,
        contract_address: contract,
        function_selector: 'transfer(address,uint256)',
        parameter: data.slice(8),
        fee_limit: TRC20_FEE_LIMIT,
        call_value: 0,
        visible: true,
      },
    );
    if (!res.result?.result || !res.transaction)
      throw new Error(`TRON: triggersmartcontract failed: ${res.result?.message ?? 'no transaction'}`);
    return this.check(res.transaction, transferShape(owner, to, units, { contract, data, feeLimit: TRC20_FEE_LIMIT }));
  }

  /** Lends (`reclaim` false) or takes back `balance` sun of the owner's energy stake. */
  resource(owner: string, receiver: string, balance: bigint, reclaim: boolean): Promise<BuiltTronTx> {
    const path = reclaim ? '/wallet/undelegateresource' : '/wallet/delegateresource';
    const body = {
      owner_address: owner,
      receiver_address: receiver,
      balance,
      resource: 'ENERGY',
      ...(reclaim ? {} : { lock: false }),
      visible: true,
    };
    return this.built(path, body, resourceShape(owner, receiver, balance, reclaim));
  }

  private async built(path: string, body: unknown, shape: TransferShape): Promise<BuiltTronTx> {
    return this.check(await this.call<unknown>(path, body), shape);
  }

  private check(answer: unknown, shape: TransferShape): BuiltTronTx {
    const tx = answer as { txID?: string; raw_data?: { expiration?: unknown }; raw_data_hex?: string; Error?: string };
    if (tx.Error || !tx.txID || typeof tx.raw_data_hex !== 'string')
      throw new Error(`TRON: the node did not build the transaction: ${tx.Error ?? 'no txID'}`);
    const built = { txID: tx.txID, raw_data: tx.raw_data ?? {}, raw_data_hex: tx.raw_data_hex };
    const expiration = checkBuilt(built, shape);
    return { txID: tx.txID, rawHex: tx.raw_data_hex, expiration, json: { ...(answer as object), ...built } };
  }
}
