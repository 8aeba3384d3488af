import { ECDH } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { getAddress, toHex } from 'viem';

/** How a network turns a public key into an address. */
export type AddressFormat = 'btc-p2wpkh' | 'evm' | 'tron';

const base58check = createBase58check(sha256);

// SLIP-132 version bytes of the extended public keys operators hand us (BIP84 zpub, plain xpub).
const VERSIONS: Record<string, { private: number; public: number }> = {
  xpub: { private: 0x0488ade4, public: 0x0488b21e },
  zpub: { private: 0x04b2430c, public: 0x04b24746 },
};

export class ExtendedKeyError extends Error {}

/** A key's public key: scure types it nullable, but a key derived from an xpub or an xprv always has one. */
export function publicKeyOf(key: HDKey): Uint8Array {
  if (!key.publicKey) throw new ExtendedKeyError('the key has no public key');
  return key.publicKey;
}

/** A key's private key: a key derived from an xprv has one; one from an xpub cannot sign. */
export function privateKeyOf(key: HDKey): Uint8Array {
  if (!key.privateKey) throw new ExtendedKeyError('the key is public only: signing needs the account xprv');
  return key.privateKey;
}

/** A key's chain code, which every key parsed from an extended key has. */
function chainCodeOf(key: HDKey): Uint8Array {
  if (!key.chainCode) throw new ExtendedKeyError('the key has no chain code');
  return key.chainCode;
}

/** Parses an account-level extended public key (xpub, or BIP84's zpub). Private keys are refused. */
export function parseExtendedPublicKey(text: string): HDKey {
  const prefix = text.slice(0, 4);
  const versions = VERSIONS[prefix];
  if (!versions) throw new ExtendedKeyError(`expected an xpub or zpub, got "${prefix}…"`);
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text, versions);
  } catch (err) {
    throw new ExtendedKeyError(`not a valid extended public key: ${(err as Error).message}`);
  }
  if (key.privateKey) throw new ExtendedKeyError('an extended private key must never be configured here');
  return key;
}

/**
 * A compressed secp256k1 public key in uncompressed form, by OpenSSL (node:crypto): the same point
 * as @noble/curves finds, ~6× faster than its square root in JavaScript bigints.
 */
function decompress(publicKey: Uint8Array): Uint8Array {
  return ECDH.convertKey(publicKey, 'secp256k1', undefined, undefined, 'uncompressed') as Buffer;
}

/** The address of a compressed secp256k1 public key in a network's format. */
export function addressFromPublicKey(publicKey: Uint8Array, format: AddressFormat): string {
  return format === 'btc-p2wpkh' ? addressOf(publicKey, format) : addressOf(decompress(publicKey), format);
}

/**
 * The address of a public key in a network's format: compressed for Bitcoin, uncompressed
 * (`04 ‖ x ‖ y`) for EVM and Tron, whose addresses hash the bare coordinates.
 */
function addressOf(publicKey: Uint8Array, format: AddressFormat): string {
  switch (format) {
    case 'btc-p2wpkh': {
      const program = ripemd160(sha256(publicKey));
      return bech32.encode('bc', [0, ...bech32.toWords(program)]);
    }
    case 'evm':
      return getAddress(toHex(keccak_256(publicKey.subarray(1)).slice(-20)));
    case 'tron': {
      const body = new Uint8Array(21);
      body[0] = 0x41;
      body.set(keccak_256(publicKey.subarray(1)).slice(-20), 1);
      return base58check.encode(body);
    }
    default: {
      const never: never = format;
      throw new Error(`unknown address format ${String(never)}`);
    }
  }
}

const Point = secp256k1.Point;
type CurvePoint = InstanceType<typeof Point>;

/**
 * The generator with a wider precomputed table than noble keeps for its own BASE (window 8, not
 * 6: ~4,000 points, ~3 MB, 50-170 ms once per thread): a quarter fewer point additions per
 * multiplication. It pays only over many addresses, so a thread's first WIDE_AFTER derivations
 * use noble's BASE, whose table signing and key checks build anyway (the test suite's processes,
 * which derive a few addresses each, spent 4.1 s of CPU building wide tables). A point of its own,
 * so noble's shared BASE and its users are left as they are.
 */
const WIDE_AFTER = 256;
let derivations = 0;
let wideBase: CurvePoint | undefined;
function generator(): CurvePoint {
  if (wideBase) return wideBase;
  if (++derivations <= WIDE_AFTER) return Point.BASE;
  wideBase = Point.fromAffine(Point.BASE.toAffine()).precompute(8, false);
  return wideBase;
}

/** An account key's external chain node (`/0`), with its public key decoded once as a curve point. */
interface ExternalChain {
  node: HDKey;
  point: CurvePoint;
  /** `serP(K) ‖ ser32(index)`, the HMAC input of a child, its index bytes rewritten per child. */
  data: Uint8Array;
}

/** Each account key's external chain, derived once: it is the same for every address. */
const externalChains = new WeakMap<HDKey, ExternalChain>();

function externalChain(account: HDKey): ExternalChain {
  let chain = externalChains.get(account);
  if (!chain) {
    const node = account.deriveChild(0);
    const data = new Uint8Array(37);
    data.set(publicKeyOf(node));
    chain = { node, point: Point.fromBytes(publicKeyOf(node)), data };
    externalChains.set(account, chain);
  }
  return chain;
}

/**
 * The public key of the non-hardened child `index` of a chain node, by BIP32's CKDpub: with
 * I = HMAC-SHA512(c, serP(K) ‖ ser32(i)), the child is K + parse256(I_L)·G. It is what
 * @scure/bip32's deriveChild computes (test/chains/addresses.test.ts compares them over many
 * indexes), without what an address does not need: decoding the parent point again (a square
 * root), encoding and decoding the child (another), and its fingerprint. The multiplication is
 * noble's variable-time one: I_L is no secret here, anyone holding the xpub computes it. In the
 * cases BIP32 rules invalid (I_L ≥ n, or the point at infinity; odds ~2⁻¹²⁷) scure decides.
 */
function childPoint(chain: ExternalChain, index: number): CurvePoint {
  new DataView(chain.data.buffer).setUint32(33, index, false);
  const tweak = bytesToNumberBE(hmac(sha512, chainCodeOf(chain.node), chain.data).subarray(0, 32));
  if (tweak === 0n || tweak >= Point.Fn.ORDER) return Point.fromBytes(publicKeyOf(chain.node.deriveChild(index)));
  const child = chain.point.add(generator().multiplyUnsafe(tweak));
  return child.is0() ? Point.fromBytes(publicKeyOf(chain.node.deriveChild(index))) : child;
}

/**
 * The receive address at `index` under an account key: its child `/0/index` (BIP44/BIP84 external
 * chain), in the network's format. The `/0` node is cached per account key, so each address costs
 * one child derivation (a point multiplication), not two.
 */
export function deriveAddress(account: HDKey, index: number, format: AddressFormat): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`bad address index ${index}`);
  return addressOf(childPoint(externalChain(account), index).toBytes(format === 'btc-p2wpkh'), format);
}
