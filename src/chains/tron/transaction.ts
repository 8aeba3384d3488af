import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createBase58check, hex } from '@scure/base';

const base58check = createBase58check(sha256);

/** Tron's base58check `T…` form of a 21-byte `41…` hex address. */
export function tronAddressFromHex(hex41: string): string {
  return base58check.encode(hex.decode(hex41.replace(/^0x/, '').toLowerCase()));
}

/** The 21-byte `41…` hex form of a base58check `T…` address. */
export function tronAddressToHex(address: string): string {
  return hex.encode(base58check.decode(address));
}

/** A Tron signature over a transaction id: deterministic (RFC 6979, low-s) secp256k1, as r ‖ s ‖ v hex. */
export function signTronTxId(txId: string, key: Uint8Array): string {
  const sig = secp256k1.sign(hex.decode(txId), key, { prehash: false, format: 'recovered' });
  // format 'recovered' puts the recovery byte first; Tron wants it last.
  return hex.encode(new Uint8Array([...sig.slice(1), ...sig.slice(0, 1)]));
}

/** A protocol-buffers varint as hex. */
export function varintHex(n: bigint): string {
  let out = '';
  do {
    const low = Number(n & 0x7fn);
    n >>= 7n;
    out += (n > 0n ? low | 0x80 : low).toString(16).padStart(2, '0');
  } while (n > 0n);
  return out;
}

/** Protocol-buffers encoding (hex) of a length-delimited field. */
function pbBytes(field: number, valueHex: string): string {
  return varintHex(BigInt((field << 3) | 2)) + varintHex(BigInt(valueHex.length / 2)) + valueHex.toLowerCase();
}

/** Protocol-buffers encoding (hex) of a varint field; proto3 leaves a zero out. */
function pbVarint(field: number, value: bigint): string {
  return value === 0n ? '' : varintHex(BigInt(field << 3)) + varintHex(value);
}

/** One top-level field of a protobuf message: a varint, or a length-delimited field's bytes as hex. */
interface PbField {
  field: number;
  varint?: bigint;
  bytes?: string;
}

/** The top-level fields of a protobuf message; anything but well-formed varint and length-delimited fields throws. */
function readFields(messageHex: string): PbField[] {
  const b = hex.decode(messageHex.toLowerCase());
  const out: PbField[] = [];
  let i = 0;
  const varint = (): bigint => {
    let n = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (i >= b.length) break;
      const byte = b[i] ?? 0;
      i++;
      n |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return n;
    }
    throw new Error('TRON: malformed protobuf varint in the transaction');
  };
  while (i < b.length) {
    const key = varint();
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) out.push({ field, varint: varint() });
    else if (wire === 2) {
      const length = Number(varint());
      if (i + length > b.length) throw new Error('TRON: truncated protobuf field in the transaction');
      out.push({ field, bytes: hex.encode(b.subarray(i, i + length)) });
      i += length;
    } else throw new Error(`TRON: unexpected protobuf wire type ${wire} in the transaction`);
  }
  return out;
}

/** `Transaction.raw` fields a plain transfer may carry (java-tron's Tron.proto); auths, data (memo) and scripts are refused. */
const RAW_FIELDS = { refBlockBytes: 1, refBlockNum: 3, refBlockHash: 4, expiration: 8, contract: 11, timestamp: 14, feeLimit: 18 } as const;

/** When a transaction expires (ms since the epoch), read from its signed bytes (`raw_data_hex`). */
export function expirationOf(rawHex: string): number {
  const field = readFields(rawHex).filter((f) => f.field === RAW_FIELDS.expiration);
  const value = field.length === 1 ? field[0]?.varint : undefined;
  if (value === undefined || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error('TRON: the transaction carries no single expiration');
  }
  return Number(value);
}

/** What the signed transaction of one transfer must be: its one contract, byte for byte, and its fee limit. */
export interface TransferShape {
  /** `Transaction.Contract` as protobuf hex: type, and the `Any` that holds the contract's exact fields. */
  contractHex: string;
  /** `fee_limit` in sun for a contract call; null for a TRX transfer, which takes none. */
  feeLimit: bigint | null;
}

/** The shape of a TRX transfer (TransferContract) or, with a token contract, a TRC-20 `transfer` call. */
export function transferShape(
  owner: string,
  to: string,
  units: bigint,
  token: { contract: string; data: string; feeLimit: bigint } | null,
): TransferShape {
  const [type, name, value] = token
    ? [
        31,
        'TriggerSmartContract',
        pbBytes(1, tronAddressToHex(owner)) + pbBytes(2, tronAddressToHex(token.contract)) + pbBytes(4, token.data),
      ]
    : [1, 'TransferContract', pbBytes(1, tronAddressToHex(owner)) + pbBytes(2, tronAddressToHex(to)) + pbVarint(3, units)];
  const any = pbBytes(1, hex.encode(new TextEncoder().encode(`type.googleapis.com/protocol.${name}`))) + pbBytes(2, value);
  return { contractHex: pbVarint(1, BigInt(type)) + pbBytes(2, any), feeLimit: token?.feeLimit ?? null };
}

/**
 * The shape of a Stake 2.0 energy delegation (DelegateResourceContract, type 57, no lock) or its
 * reclaim (UnDelegateResourceContract, type 58): `balance` sun of the owner's stake lent to `receiver`.
 */
export function resourceShape(owner: string, receiver: string, balance: bigint, reclaim: boolean): TransferShape {
  const [type, name] = reclaim ? [58, 'UnDelegateResourceContract'] : [57, 'DelegateResourceContract'];
  const value = pbBytes(1, tronAddressToHex(owner)) + pbVarint(2, 1n) + pbVarint(3, balance) + pbBytes(4, tronAddressToHex(receiver));
  const any = pbBytes(1, hex.encode(new TextEncoder().encode(`type.googleapis.com/protocol.${name}`))) + pbBytes(2, value);
  return { contractHex: pbVarint(1, BigInt(type)) + pbBytes(2, any), feeLimit: null };
}

/**
 * Checks that the node built exactly the transfer asked for before it is signed: its id is the
 * SHA-256 of its bytes, and those bytes hold one contract equal to `shape` and nothing that could
 * move value besides (no memo, no extra contract, no other fee limit). A looser search for the
 * contract's bytes would also match them hidden in a memo beside a contract paying someone else.
 * Returns the expiration the signed bytes carry.
 */
export function checkBuilt(tx: { txID: string; raw_data_hex: string; raw_data?: { expiration?: unknown } }, shape: TransferShape): number {
  if (hex.encode(sha256(hex.decode(tx.raw_data_hex.toLowerCase()))) !== tx.txID.toLowerCase()) {
    throw new Error('TRON: the node returned a transaction whose id does not match its data');
  }
  const fields = readFields(tx.raw_data_hex);
  const allowed: number[] = Object.values(RAW_FIELDS);
  const other = () => new Error('TRON: the node returned a transaction other than the transfer requested');
  const seen = new Set<number>();
  for (const f of fields) {
    if (!allowed.includes(f.field) || seen.has(f.field)) throw other();
    seen.add(f.field);
  }
  if (fields.find((f) => f.field === RAW_FIELDS.contract)?.bytes !== shape.contractHex) throw other();
  if ((fields.find((f) => f.field === RAW_FIELDS.feeLimit)?.varint ?? null) !== shape.feeLimit) throw other();
  const expiration = expirationOf(tx.raw_data_hex);
  // The node re-encodes the JSON it is sent, so a JSON that differs from the signed bytes could never be accepted.
  const json = tx.raw_data?.expiration;
  if ((typeof json !== 'number' && typeof json !== 'bigint') || BigInt(json) !== BigInt(expiration)) {
    throw new Error("TRON: the transaction's expiration differs from its signed bytes");
  }
  return expiration;
}
