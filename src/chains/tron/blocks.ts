// The blocks TronGrid serves, read into the watcher's transfers (TronGridChain.transfersSince).
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { ChainTransfer, TransferAsset } from '../types.ts';
import { tronAddressFromHex } from './transaction.ts';

/** A TRC-20 `transfer(address,uint256)` call's destination and amount, if `data` is one. */
function decodeTransfer(data: string | undefined): { to: string; amount: bigint } | null {
  if (!data?.startsWith('a9059cbb') || data.length < 8 + 128) return null;
  const to = tronAddressFromHex(`41${data.slice(8 + 24, 8 + 64)}`);
  return { to, amount: BigInt(`0x${data.slice(8 + 64, 8 + 128)}`) };
}

/** The parts of a TronGrid block the adapter reads (https://developers.tron.network/reference). */
export interface TronBlock {
  blockID: string;
  block_header: { raw_data: { number: number; timestamp: number } };
  transactions?: Array<{
    txID: string;
    ret?: Array<{ contractRet?: string }>;
    raw_data: { contract: Array<{ type: string; parameter: { value: Record<string, unknown> } }> };
  }>;
}

/**
 * The incoming transfers of a block: TRX (TransferContract) and TRC-20 `transfer` calls
 * (TriggerSmartContract), successful only; `tokens` are the catalogue's, by contract address.
 */
export function blockTransfers(block: TronBlock, height: number, tokens: ReadonlyMap<string, CurrencyDef>): ChainTransfer[] {
  const found: ChainTransfer[] = [];
  for (const tx of block.transactions ?? []) {
    if (tx.ret?.[0]?.contractRet && tx.ret[0].contractRet !== 'SUCCESS') continue;
    const contract = tx.raw_data.contract[0];
    if (!contract) continue;
    const v = contract.parameter.value;
    let transfer: ({ to: string; amount: bigint } & TransferAsset) | null = null;
    if (
      contract.type === 'TransferContract' &&
      typeof v.to_address === 'string' &&
      (typeof v.amount === 'number' || typeof v.amount === 'bigint')
    ) {
      transfer = { to: tronAddressFromHex(v.to_address), amount: BigInt(v.amount), currencyCode: 'TRX' };
    } else if (contract.type === 'TriggerSmartContract' && typeof v.contract_address === 'string') {
      const address = tronAddressFromHex(v.contract_address);
      const token = tokens.get(address);
      const call = decodeTransfer(v.data as string | undefined);
      // A token outside the catalogue is reported by its contract: recorded for the operator, never credited.
      if (call)
        transfer = token
          ? { to: call.to, amount: call.amount, currencyCode: token.code }
          : { to: call.to, amount: call.amount, currencyCode: null, contract: address };
    }
    if (!transfer || transfer.amount <= 0n) continue;
    const { to, amount, ...asset } = transfer;
    // The caller pays: TRX's owner, or the owner calling the token's `transfer` (hex, or base58 from a node asked for visible addresses).
    const owner = typeof v.owner_address === 'string' ? v.owner_address : undefined;
    const senders = owner ? [/^41[0-9a-fA-F]{40}$/.test(owner) ? tronAddressFromHex(owner) : owner] : undefined;
    found.push({
      txHash: tx.txID,
      outputIndex: 0,
      toAddress: to,
      units: amount,
      blockHeight: height,
      blockHash: block.blockID,
      rbf: false,
      ...asset,
      ...(senders ? { senders } : {}),
    });
  }
  return found;
}
