// What an EVM block range shows as incoming transfers: native ones from the blocks' transactions
// (and the node's pending block), token ones from the ERC-20 `Transfer` logs. EvmChain asks the
// node; these read its answers into the watcher's `ChainTransfer`s.
import { getAddress, parseAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import type { CryptoCode, CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { ChainTransfer } from '../types.ts';

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** A native transfer has no log: it takes output index -1, apart from the logs (0, 1, …) of its tx. */
export const NATIVE_OUTPUT_INDEX = -1;

type NativeTx = { hash: Hex; from: Address; to: Address | null; value: bigint };
type BlockOfTxs = { number: bigint | null; hash: Hex | null; transactions: readonly NativeTx[] };

/** A transaction's native transfer (none without a recipient or a value); unmined (height null) it is replaceable. */
function nativeTransfer(tx: NativeTx, code: CryptoCode, height: number | null, hash: string | null): ChainTransfer | null {
  return !tx.to || tx.value === 0n
    ? null
    : {
        txHash: tx.hash,
        outputIndex: NATIVE_OUTPUT_INDEX,
        toAddress: getAddress(tx.to),
        currencyCode: code,
        units: tx.value,
        blockHeight: height,
        blockHash: hash,
        rbf: height === null,
        senders: [getAddress(tx.from)],
      };
}

/** The native transfers of the mined blocks, then those of the pending block that no mined block holds. */
export function nativeTransfers(
  code: CryptoCode,
  blocks: readonly BlockOfTxs[],
  pending: BlockOfTxs | null,
  latest: bigint,
): ChainTransfer[] {
  const found: ChainTransfer[] = [];
  for (const block of blocks) {
    for (const tx of block.transactions) {
      const t = nativeTransfer(tx, code, Number(block.number), block.hash);
      if (t) found.push(t);
    }
  }
  // Native transfers waiting in the node's pending block show as unconfirmed, and as replaceable
  // (another transaction with the same nonce can take their place) until a block holds them.
  // Token transfers wait for their block: their key is the log index, which only a block assigns.
  // A node without a pending view answers with its latest block, which is no mempool.
  if (pending && (pending.number === null || pending.number > latest)) {
    const mined = new Set(found.map((c) => c.txHash));
    for (const tx of pending.transactions) {
      const t = mined.has(tx.hash) ? null : nativeTransfer(tx, code, null, null);
      if (t) found.push(t);
    }
  }
  return found;
}

/**
 * Every ERC-20 `Transfer` log of the blocks, of any contract, so a token outside the catalogue
 * is seen too (strict decoding leaves out ERC-721's). A node refusing so wide a query still
 * answers for the catalogue's contracts (`contracts`): payments never wait on tokens only ever recorded.
 */
export async function transferLogs(client: PublicClient, contracts: readonly Address[], fromBlock: bigint, toBlock: bigint) {
  try {
    return await client.getLogs({ event: TRANSFER_EVENT, fromBlock, toBlock, strict: true });
  } catch {
    if (contracts.length === 0) return [];
    return client.getLogs({ address: [...contracts], event: TRANSFER_EVENT, fromBlock, toBlock, strict: true });
  }
}

/** The token transfers of the logs; `tokens` are the catalogue's, by lowercase contract address. */
export function tokenTransfers(logs: Awaited<ReturnType<typeof transferLogs>>, tokens: ReadonlyMap<string, CurrencyDef>): ChainTransfer[] {
  const found: ChainTransfer[] = [];
  for (const log of logs) {
    // A log of a mined block (getLogs reads no pending ones) has its hash, index and block.
    if (!log.args.to || !log.args.value || log.removed || log.transactionHash === null || log.logIndex === null || log.blockHash === null)
      continue;
    const currency = tokens.get(log.address.toLowerCase());
    found.push({
      txHash: log.transactionHash,
      outputIndex: log.logIndex,
      toAddress: getAddress(log.args.to),
      // A token outside the catalogue is reported by its contract: recorded for the operator, never credited.
      ...(currency ? { currencyCode: currency.code } : { currencyCode: null, contract: getAddress(log.address) }),
      units: log.args.value,
      blockHeight: Number(log.blockNumber),
      blockHash: log.blockHash,
      rbf: false,
      ...(log.args.from ? { senders: [getAddress(log.args.from)] } : {}),
    });
  }
  return found;
}
