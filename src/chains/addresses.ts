import { ECDH } from 'node:crypto';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
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
  switch (format) {
    case 'btc-p2wpkh': {
      const program = ripemd160(sha256(publicKey));
      return bech32.encode('bc', [0, ...bech32.toWords(program)]);
    }
    case 'evm': {
      const uncompressed = decompress(publicKey);
      return getAddress(toHex(keccak_256(uncompressed.slice(1)).slice(-20)));
    }
    case 'tron': {
      const uncompressed = decompress(publicKey);
      const body = new Uint8Array(21);
      body[0] = 0x41;
      body.set(keccak_256(uncompressed.slice(1)).slice(-20), 1);
      return base58check.encode(body);
    }
    default: {
      const never: never = format;
      throw new Error(`unknown address format ${String(never)}`);
    }
  }
}

/** Each account key's external chain node (`/0`), derived once: it is the same for every address. */
const externalChains = new WeakMap<HDKey, HDKey>();

function externalChain(account: HDKey): HDKey {
  let chain = externalChains.get(account);
  if (!chain) {
    chain = account.deriveChild(0);
    externalChains.set(account, chain);
  }
  return chain;
}

/**
 * The receive address at `index` under an account key: its child `/0/index` (BIP44/BIP84 external
 * chain), in the network's format. The `/0` node is cached per account key, so each address costs
 * one child derivation (a point multiplication), not two.
 */
export function deriveAddress(account: HDKey, index: number, format: AddressFormat): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`bad address index ${index}`);
  const child = externalChain(account).deriveChild(index);
  return addressFromPublicKey(child.publicKey!, format);
}
