/**
 * Local Bitcoin nodes for the adapter tests: a mempool that validates, prices and replaces
 * transactions the way Bitcoin Core's does (BIP 125), and the two backends the adapter speaks to
 * over it: an Esplora REST API (Blockstream/esplora API.md) and Bitcoin Core's JSON-RPC
 * (bitcoincore.org RPC reference), each over a chain the test grows and reorganises.
 */
import http from 'node:http';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, Transaction } from '@scure/btc-signer';
import { toUnits } from '../../src/lib/money.ts';

/** A coin the node knows: one the test seeded, or an output of a transaction it accepted. */
export interface Coin {
  txid: string;
  vout: number;
  sats: bigint;
  /** Output script, hex. */
  script: string;
  address?: string;
  confirmed: boolean;
}

/** A transaction the node accepted. */
export interface NodeTx {
  txid: string;
  raw: string;
  tx: Transaction;
  /** Inputs less outputs, from the values of the coins it spends. */
  fee: bigint;
  vsize: number;
  /** The coins it spends (`txid:vout`), in input order. */
  spends: string[];
  prevouts: Coin[];
  /** Signals replaceability (BIP 125 rule 1: some nSequence below 0xfffffffe). */
  rbf: boolean;
}

/** The node's answer to a raw transaction: taken (with what it replaced), or refused with Core's code and text. */
export type Submission = { ok: true; txid: string; replaced: string[] } | { ok: false; code: number; message: string };

const key = (c: { txid: string; vout: number }) => `${c.txid}:${c.vout}`;
const SAT = 100_000_000n;

/** Satoshis in BTC as Core prints them (a JSON number with up to 8 decimals, parsed from its exact digits). */
export function btcNumber(sats: bigint): number {
  return Number(btcText(sats));
}

function btcText(sats: bigint): string {
  return `${sats / SAT}.${(sats % SAT).toString().padStart(8, '0')}`;
}

function addressOf(script: Uint8Array): string | undefined {
  try {
    return Address(NETWORK).encode(OutScript.decode(script));
  } catch {
    return undefined;
  }
}

/** The output script (hex) of an address. */
export function scriptOf(address: string): string {
  return hex.encode(OutScript.encode(Address(NETWORK).decode(address)));
}

/**
 * A node's mempool and UTXO view. A transaction whose inputs a mempool transaction already spends
 * replaces it (and its descendants) only by BIP 125: every original signals, no new unconfirmed
 * inputs, a higher fee rate than each original, at least their fees, plus 1 sat/vB of its own size;
 * otherwise it is refused with Core's text. One spending a coin spent in a block is refused as
 * "bad-txns-inputs-missingorspent" (-25).
 */
export class BtcMempool {
  readonly pool = new Map<string, NodeTx>();
  readonly mined = new Map<string, NodeTx>();
  private readonly spentInChain = new Set<string>();

  constructor(private readonly seeded: () => Coin[]) {}

  /** The coin at `txid:vout` whether spent or not; undefined when the node never saw it. */
  coin(at: string): Coin | undefined {
    const seeded = this.seeded().find((c) => key(c) === at);
    if (seeded) return seeded;
    const [txid, vout] = at.split(':');
    const from = this.mined.get(txid!) ?? this.pool.get(txid!);
    if (!from || Number(vout) >= from.tx.outputsLength) return undefined;
    const out = from.tx.getOutput(Number(vout));
    return {
      txid: txid!,
      vout: Number(vout),
      sats: out.amount!,
      script: hex.encode(out.script!),
      address: addressOf(out.script!),
      confirmed: this.mined.has(txid!),
    };
  }

  /** Unspent coins: in blocks only (`mempool` false, a UTXO set scan), or as the mempool leaves them (its spends gone, its outputs in). */
  unspent(mempool: boolean): Coin[] {
    const spentInPool = new Set([...this.pool.values()].flatMap((t) => t.spends));
    const outputs = (txs: Iterable<NodeTx>) =>
      [...txs].flatMap((t) => Array.from({ length: t.tx.outputsLength }, (_, i) => this.coin(`${t.txid}:${i}`)!));
    const all = [...this.seeded(), ...outputs(this.mined.values()), ...(mempool ? outputs(this.pool.values()) : [])];
    return all.filter((c) => (mempool || c.confirmed) && !this.spentInChain.has(key(c)) && !(mempool && spentInPool.has(key(c))));
  }

  /** sendrawtransaction: validates, prices, and adds or replaces. */
  submit(raw: string): Submission {
    let tx: Transaction;
    try {
      tx = Transaction.fromRaw(hex.decode(raw.trim()), { allowUnknownOutputs: true, disableScriptCheck: true });
    } catch {
      return { ok: false, code: -22, message: 'TX decode failed' };
    }
    const txid = tx.id;
    if (this.mined.has(txid)) return { ok: false, code: -27, message: 'Transaction already in block chain' };
    if (this.pool.has(txid)) return { ok: true, txid, replaced: [] }; // Core relays it again and answers its txid
    const spends = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i)).map((i) =>
      key({ txid: hex.encode(i.txid!), vout: i.index! }),
    );
    const prevouts: Coin[] = [];
    for (const at of spends) {
      const coin = this.coin(at);
      if (!coin || this.spentInChain.has(at)) return { ok: false, code: -25, message: 'bad-txns-inputs-missingorspent' };
      prevouts.push(coin);
    }
    const outs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i).amount!).reduce((a, b) => a + b, 0n);
    const fee = prevouts.reduce((a, c) => a + c.sats, 0n) - outs;
    if (fee < 0n) return { ok: false, code: -26, message: 'bad-txns-in-belowout' };
    const entry: NodeTx = {
      txid,
      raw,
      tx,
      fee,
      vsize: tx.vsize,
      spends,
      prevouts,
      rbf: spends.some((_, i) => tx.getInput(i).sequence! < 0xfffffffe),
    };
    if (fee < BigInt(entry.vsize)) return { ok: false, code: -26, message: `min relay fee not met, ${fee} < ${entry.vsize}` };
    const conflicts = [...this.pool.values()].filter((t) => t.spends.some((s) => spends.includes(s)));
    const replaced = this.withDescendants(conflicts);
    const refusal = conflicts.length ? this.refuseReplacement(entry, conflicts, replaced) : null;
    if (refusal) return { ok: false, code: -26, message: refusal };
    for (const t of replaced) this.pool.delete(t.txid);
    this.pool.set(txid, entry);
    return { ok: true, txid, replaced: replaced.map((t) => t.txid) };
  }

  /** Why BIP 125 refuses `next` in place of `conflicts` (and their descendants, `replaced`); null when it may replace them. */
  private refuseReplacement(next: NodeTx, conflicts: NodeTx[], replaced: NodeTx[]): string | null {
    if (conflicts.some((c) => !c.rbf)) return 'txn-mempool-conflict';
    const theirs = new Set(conflicts.flatMap((c) => c.spends));
    const added = next.prevouts.findIndex((c, i) => !c.confirmed && !theirs.has(next.spends[i]!));
    if (added >= 0) return `replacement-adds-unconfirmed, replacement ${next.txid} adds unconfirmed input, idx ${added}`;
    const perKvB = (t: NodeTx) => btcText((t.fee * 1000n) / BigInt(t.vsize));
    for (const c of conflicts) {
      if (next.fee * BigInt(c.vsize) <= c.fee * BigInt(next.vsize)) {
        return `insufficient fee, rejecting replacement ${next.txid}; new feerate ${perKvB(next)} BTC/kvB <= old feerate ${perKvB(c)} BTC/kvB`;
      }
    }
    const old = replaced.reduce((a, t) => a + t.fee, 0n);
    if (next.fee < old)
      return `insufficient fee, rejecting replacement ${next.txid}, less fees than conflicting txs; ${btcText(next.fee)} < ${btcText(old)}`;
    // Rule 4: the incremental relay fee, 1 sat/vB, for the replacement's own size.
    const relay = BigInt(next.vsize);
    if (next.fee - old < relay)
      return `insufficient fee, rejecting replacement ${next.txid}, not enough additional fees to relay; ${btcText(next.fee - old)} < ${btcText(relay)}`;
    return null;
  }

  private withDescendants(roots: NodeTx[]): NodeTx[] {
    const out = new Map(roots.map((t) => [t.txid, t]));
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of this.pool.values()) {
        if (!out.has(t.txid) && t.spends.some((s) => out.has(s.split(':')[0]!))) {
          out.set(t.txid, t);
          grew = true;
        }
      }
    }
    return [...out.values()];
  }

  /** Puts a mempool transaction in a block: its coins are spent for good, and what conflicted with it leaves the mempool. Null for one this mempool does not hold. */
  mine(txid: string): string[] | null {
    const t = this.pool.get(txid);
    if (!t) return null;
    this.pool.delete(txid);
    this.mined.set(txid, t);
    for (const s of t.spends) this.spentInChain.add(s);
    const gone = this.withDescendants([...this.pool.values()].filter((o) => o.spends.some((s) => this.spentInChain.has(s))));
    for (const o of gone) this.pool.delete(o.txid);
    return gone.map((o) => o.txid);
  }

  /** The fee a transaction the node accepted pays. */
  feeOf(txid: string): bigint | undefined {
    return (this.pool.get(txid) ?? this.mined.get(txid))?.fee;
  }
}

/** A chain of blocks the fakes serve: the first 101 were mined long before the test's addresses were handed out. */
function baseChain() {
  const hash64 = (n: number, tag: string) => (tag + n.toString(16)).padStart(64, '0');
  const chain: Array<{ hash: string; time: number; txs: any[] }> = Array.from({ length: 101 }, (_, h) => ({
    hash: hash64(h, 'a'),
    time: 1_600_000_000 + h * 600,
    txs: [],
  }));
  return { chain, hash64, now: () => Math.floor(Date.now() / 1000) };
}

/** A transaction the node accepted, as Esplora's `/tx/:id` shows it. */
function esploraTx(t: NodeTx, confirmed: boolean) {
  return {
    txid: t.txid,
    version: t.tx.version,
    locktime: t.tx.lockTime,
    vin: t.prevouts.map((p, i) => ({
      txid: p.txid,
      vout: p.vout,
      prevout: { scriptpubkey: p.script, scriptpubkey_address: p.address, value: Number(p.sats) },
      sequence: t.tx.getInput(i).sequence,
      witness: [],
      is_coinbase: false,
    })),
    vout: Array.from({ length: t.tx.outputsLength }, (_, i) => t.tx.getOutput(i)).map((o) => ({
      scriptpubkey: hex.encode(o.script!),
      scriptpubkey_address: addressOf(o.script!),
      value: Number(o.amount!),
    })),
    size: t.raw.length / 2,
    weight: t.tx.weight,
    fee: Number(t.fee),
    status: { confirmed },
  };
}

/**
 * A local Esplora: the endpoints the adapter uses with bodies in Esplora's documented shapes, over
 * a chain the test grows and reorganises and a mempool that replaces by BIP 125. `utxos` seeds
 * coins per address; `/address/:a/utxo` lists them as Esplora does, the mempool's spends removed
 * and its outputs added unconfirmed. A refused `POST /tx` answers 400 with Core's error in the body.
 */
export function fakeEsplora() {
  const { chain, hash64, now } = baseChain();
  const mempool = new Map<string, any>();
  /** While set, the transaction status endpoint fails as an overloaded server does. */
  const faults = { status: false };
  /** `/fee-estimates`: sat/vB by confirmation target. */
  const estimates: Record<string, number> = { '1': 12.3, '2': 8.1, '3': 5.2, '6': 3.0, '144': 1.0 };
  const utxos = new Map<string, Array<{ txid: string; vout: number; value: number; status: { confirmed: boolean } }>>();
  const node = new BtcMempool(() =>
    [...utxos].flatMap(([address, list]) =>
      list.map((u) => ({
        txid: u.txid,
        vout: u.vout,
        sats: BigInt(u.value),
        script: scriptOf(address),
        address,
        confirmed: u.status.confirmed,
      })),
    ),
  );
  const broadcasts: string[] = [];
  const server = http.createServer(async (req, res) => {
    const url = req.url!;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'POST' && url === '/tx') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      broadcasts.push(raw);
      const answer = node.submit(raw);
      if (!answer.ok) return send(400, `sendrawtransaction RPC error: ${JSON.stringify({ code: answer.code, message: answer.message })}`);
      for (const gone of answer.replaced) mempool.delete(gone);
      mempool.set(answer.txid, esploraTx(node.pool.get(answer.txid)!, false));
      return send(200, answer.txid);
    }
    let m: RegExpMatchArray | null;
    if (url === '/blocks/tip/height') return send(200, String(chain.length - 1));
    if (url === '/blocks/tip/hash') return send(200, chain[chain.length - 1]!.hash);
    if ((m = url.match(/^\/block-height\/(\d+)$/)))
      return chain[Number(m[1])] ? send(200, chain[Number(m[1])]!.hash) : send(404, 'Block not found');
    if ((m = url.match(/^\/block\/([0-9a-f]+)$/))) {
      const h = chain.findIndex((b) => b.hash === m![1]);
      return h < 0
        ? send(404, 'Block not found')
        : send(200, {
            id: chain[h]!.hash,
            height: h,
            version: 0x20000000,
            timestamp: chain[h]!.time,
            tx_count: chain[h]!.txs.length,
            mediantime: chain[h]!.time - 3600,
          });
    }
    if ((m = url.match(/^\/block\/([0-9a-f]+)\/txs\/(\d+)$/))) {
      const block = chain.find((b) => b.hash === m![1]);
      return block ? send(200, block.txs.slice(Number(m[2]), Number(m[2]) + 25)) : send(404, 'Block not found');
    }
    if (url === '/mempool/txids') return send(200, [...mempool.keys()]);
    if ((m = url.match(/^\/tx\/([0-9a-f]+)\/status$/))) {
      if (faults.status) return send(503, 'Service Unavailable');
      const h = chain.findIndex((b) => b.txs.some((t) => t.txid === m![1]));
      if (h >= 0) return send(200, { confirmed: true, block_height: h, block_hash: chain[h]!.hash, block_time: 1_700_000_000 + h });
      return mempool.has(m[1]!) ? send(200, { confirmed: false }) : send(404, 'Transaction not found');
    }
    if ((m = url.match(/^\/tx\/([0-9a-f]+)$/)))
      return mempool.has(m[1]!) ? send(200, mempool.get(m[1]!)) : send(404, 'Transaction not found');
    if ((m = url.match(/^\/address\/([a-z0-9]+)\/utxo$/))) {
      const mine = node.unspent(true).filter((c) => c.address === m![1]);
      return send(
        200,
        mine.map((c) => ({ txid: c.txid, vout: c.vout, value: Number(c.sats), status: { confirmed: c.confirmed } })),
      );
    }
    if (url === '/fee-estimates') return send(200, estimates);
    send(404, 'not found');
  });
  const tx = (txid: string, to: string, sats: number, rbf = false) => ({
    txid,
    version: 2,
    locktime: 0,
    vin: [{ txid: hash64(9, 'f'), vout: 0, sequence: rbf ? 0xfffffffd : 0xffffffff, witness: [], is_coinbase: false }],
    vout: [
      { scriptpubkey: '0014', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: to, value: sats },
      {
        scriptpubkey: '0014',
        scriptpubkey_type: 'v0_p2wpkh',
        scriptpubkey_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        value: 123_456,
      },
    ],
    size: 222,
    weight: 561,
    fee: 1410,
    status: { confirmed: false },
  });
  return {
    server,
    utxos,
    broadcasts,
    mempool,
    chain,
    faults,
    estimates,
    node,
    tx,
    /** Seeds a coin of `address` (confirmed unless said otherwise). */
    fund(address: string, txid: string, vout: number, sats: bigint, confirmed = true) {
      utxos.set(address, [...(utxos.get(address) ?? []), { txid, vout, value: Number(sats), status: { confirmed } }]);
    },
    /** Sets the ~3-block estimate (sat/vB). */
    setFeeRate(satPerVb: number) {
      estimates['3'] = satPerVb;
    },
    /** A block with these mempool transactions (all by default); what conflicted with them leaves the mempool. */
    mine(txids: string[] = [...mempool.keys()]) {
      const h = chain.length;
      chain.push({
        hash: hash64(h, 'b'),
        time: now(),
        txs: txids.filter((id) => mempool.has(id)).map((id) => ({ ...mempool.get(id), status: { confirmed: true } })),
      });
      for (const id of txids) {
        mempool.delete(id);
        for (const gone of node.mine(id) ?? []) mempool.delete(gone);
      }
    },
    /** Replaces the last `depth` blocks with empty ones (their transactions are gone). */
    reorg(depth: number) {
      for (let i = 0; i < depth; i++) chain.pop();
      for (let i = 0; i < depth + 1; i++) chain.push({ hash: hash64(chain.length, 'c'), time: now(), txs: [] });
    },
  };
}

/** A transaction the node accepted, as Core's `getrawtransaction <txid> true` prints it. */
function coreTx(t: NodeTx) {
  return {
    txid: t.txid,
    hash: t.txid,
    version: t.tx.version,
    size: t.raw.length / 2,
    vsize: t.vsize,
    weight: t.tx.weight,
    locktime: t.tx.lockTime,
    vin: t.prevouts.map((p, i) => ({
      txid: p.txid,
      vout: p.vout,
      scriptSig: { asm: '', hex: '' },
      txinwitness: [],
      sequence: t.tx.getInput(i).sequence,
    })),
    vout: Array.from({ length: t.tx.outputsLength }, (_, n) => t.tx.getOutput(n)).map((o, n) => ({
      value: btcNumber(o.amount!),
      n,
      scriptPubKey: { hex: hex.encode(o.script!), type: 'witness_v0_keyhash', address: addressOf(o.script!) },
    })),
    hex: t.raw,
  };
}

/**
 * A local Bitcoin Core: the JSON-RPC methods the adapter calls (single and batched), answering in
 * Core's documented shapes (amounts in BTC, errors as `{ result: null, error: { code, message } }`
 * with HTTP 500), over a chain the test grows and reorganises and a mempool that replaces by BIP
 * 125. `utxos` seeds confirmed coins; `scantxoutset` reads blocks only, `gettxout … true` the
 * mempool too. It insists on the Basic credentials `gate:s3cret`.
 */
export function fakeCore() {
  const { chain, hash64, now } = baseChain();
  const mempool = new Map<string, any>();
  const utxos: Array<{ txid: string; vout: number; scriptPubKey: string; amount: number }> = [];
  const node = new BtcMempool(() =>
    utxos.map((u) => ({
      txid: u.txid,
      vout: u.vout,
      sats: toUnits(u.amount, 8),
      script: u.scriptPubKey,
      address: addressOf(hex.decode(u.scriptPubKey)),
      confirmed: true,
    })),
  );
  /** `estimatesmartfee`'s answer, BTC/kvB. */
  const fees = { feerate: 0.00012345 };
  const sent: string[] = [];
  const calls: string[] = [];
  const rpc = (method: string, params: any[]): { result?: unknown; error?: { code: number; message: string } } => {
    calls.push(method);
    const notFound = (message: string) => ({ error: { code: -5, message } });
    switch (method) {
      case 'getblockchaininfo':
        return {
          result: { chain: 'main', blocks: chain.length - 1, headers: chain.length - 1, bestblockhash: chain[chain.length - 1]!.hash },
        };
      case 'getblockhash':
        return chain[params[0]] ? { result: chain[params[0]]!.hash } : { error: { code: -8, message: 'Block height out of range' } };
      case 'getblock': {
        const h = chain.findIndex((b) => b.hash === params[0]);
        if (h < 0) return notFound('Block not found');
        return { result: { hash: params[0], height: h, confirmations: chain.length - h, tx: chain[h]!.txs } };
      }
      case 'getblockheader': {
        const h = chain.findIndex((b) => b.hash === params[0]);
        return h < 0
          ? notFound('Block not found')
          : {
              result: {
                hash: params[0],
                height: h,
                confirmations: chain.length - h,
                time: chain[h]!.time,
                mediantime: chain[h]!.time - 3600,
              },
            };
      }
      case 'getrawmempool':
        return { result: [...mempool.keys()] };
      case 'getrawtransaction': {
        if (mempool.has(params[0])) return { result: mempool.get(params[0]) };
        const h = chain.findIndex((b) => b.txs.some((t) => t.txid === params[0]));
        if (h < 0) return notFound('No such mempool or blockchain transaction. Use gettransaction for wallet transactions.');
        return {
          result: { ...chain[h]!.txs.find((t) => t.txid === params[0]), blockhash: chain[h]!.hash, confirmations: chain.length - h },
        };
      }
      case 'estimatesmartfee':
        return { result: { feerate: fees.feerate, blocks: params[0] } };
      case 'scantxoutset': {
        const scripts = new Set(params[1].map((d: string) => scriptOf(/^addr\((.+)\)$/.exec(d)![1]!)));
        const unspents = node
          .unspent(false)
          .filter((c) => scripts.has(c.script))
          .map((c) => ({
            txid: c.txid,
            vout: c.vout,
            scriptPubKey: c.script,
            desc: 'addr(…)#checksum',
            amount: btcNumber(c.sats),
            height: 100,
          }));
        return {
          result: {
            success: true,
            txouts: 1000,
            height: chain.length - 1,
            unspents,
            total_amount: unspents.reduce((s, u) => s + u.amount, 0),
          },
        };
      }
      case 'gettxout': {
        // Null (not an error) for a coin that is spent or unknown; with include_mempool, mempool spends count.
        const coin = node.unspent(params[2] !== false).find((c) => c.txid === params[0] && c.vout === params[1]);
        if (!coin) return { result: null };
        return {
          result: {
            bestblock: chain[chain.length - 1]!.hash,
            confirmations: coin.confirmed ? 1 : 0,
            value: btcNumber(coin.sats),
            scriptPubKey: { hex: coin.script, address: coin.address },
            coinbase: false,
          },
        };
      }
      case 'sendrawtransaction': {
        const answer = node.submit(params[0]);
        if (!answer.ok) return { error: { code: answer.code, message: answer.message } };
        if (!mempool.has(answer.txid)) sent.push(params[0]);
        for (const gone of answer.replaced) mempool.delete(gone);
        mempool.set(answer.txid, coreTx(node.pool.get(answer.txid)!));
        return { result: answer.txid };
      }
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  };
  const server = http.createServer(async (req, res) => {
    if (req.headers.authorization !== `Basic ${Buffer.from('gate:s3cret').toString('base64')}`) return res.writeHead(401).end();
    let raw = '';
    for await (const c of req) raw += c;
    const body = JSON.parse(raw);
    const answer = (r: any) => {
      const out = rpc(r.method, r.params ?? []);
      return { result: out.result ?? null, error: out.error ?? null, id: r.id };
    };
    const reply = Array.isArray(body) ? body.map(answer) : answer(body);
    res.writeHead(!Array.isArray(reply) && reply.error ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply));
  });
  const tx = (txid: string, to: string, sats: number, rbf = false) => ({
    txid,
    hash: txid,
    version: 2,
    locktime: 0,
    vin: [{ txid: hash64(9, 'f'), vout: 0, sequence: rbf ? 0xfffffffd : 0xffffffff }],
    vout: [
      { value: btcNumber(BigInt(sats)), n: 0, scriptPubKey: { type: 'witness_v0_keyhash', address: to } },
      { value: 0.00123456, n: 1, scriptPubKey: { type: 'witness_v0_keyhash', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } },
    ],
  });
  return {
    server,
    chain,
    mempool,
    utxos,
    sent,
    calls,
    fees,
    node,
    tx,
    /** Seeds a confirmed coin of `address` (Core's UTXO set holds confirmed coins only). */
    fund(address: string, txid: string, vout: number, sats: bigint) {
      utxos.push({ txid, vout, scriptPubKey: scriptOf(address), amount: btcNumber(sats) });
    },
    /** Sets the ~3-block estimate (sat/vB), as Core answers it in BTC/kvB. */
    setFeeRate(satPerVb: number) {
      fees.feerate = satPerVb / 100_000;
    },
    mine(txids: string[] = [...mempool.keys()]) {
      chain.push({ hash: hash64(chain.length, 'b'), time: now(), txs: txids.filter((id) => mempool.has(id)).map((id) => mempool.get(id)) });
      for (const id of txids) {
        mempool.delete(id);
        for (const gone of node.mine(id) ?? []) mempool.delete(gone);
      }
    },
    reorg(depth: number) {
      for (let i = 0; i < depth; i++) chain.pop();
      for (let i = 0; i < depth + 1; i++) chain.push({ hash: hash64(chain.length, 'c'), time: now(), txs: [] });
    },
  };
}
