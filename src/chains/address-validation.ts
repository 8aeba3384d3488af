import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { isAddress } from 'viem';
import type { NetworkEnvName } from '../config.ts';

const base58check = createBase58check(sha256);

function decodes(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
}

/** A Bitcoin mainnet address: bech32 segwit v0 (20 or 32 bytes), bech32m v1+ (taproot), or base58 P2PKH/P2SH. */
function isBitcoinAddress(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1')) {
    if (address !== lower && address !== address.toUpperCase()) return false; // mixed case is invalid
    try {
      const v0 = bech32.decode(lower as `${string}1${string}`);
      if (v0.prefix !== 'bc' || v0.words[0] !== 0) return false;
      const program = bech32.fromWords(v0.words.slice(1));
      return program.length === 20 || program.length === 32;
    } catch {
      try {
        const v1 = bech32m.decode(lower as `${string}1${string}`);
        if (v1.prefix !== 'bc' || v1.words[0]! < 1 || v1.words[0]! > 16) return false;
        const program = bech32m.fromWords(v1.words.slice(1));
        return program.length >= 2 && program.length <= 40;
      } catch {
        return false;
      }
    }
  }
  if (!/^[13]/.test(address)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    return false;
  }
  return bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
}

/** A Tron address: base58check of 0x41 followed by the 20-byte account. */
function isTronAddress(address: string): boolean {
  if (!address.startsWith('T')) return false;
  let bytes: Uint8Array = new Uint8Array();
  if (!decodes(() => (bytes = base58check.decode(address)))) return false;
  return bytes.length === 21 && bytes[0] === 0x41;
}

/**
 * Whether `address` is a valid destination on `network`, checksum included: bech32/bech32m or
 * base58check for Bitcoin, EIP-55 for the EVM networks (all-lowercase is accepted as carrying no
 * checksum; mixed case must match it), base58check with the 0x41 prefix for Tron.
 */
export function isValidAddress(network: NetworkEnvName, address: string): boolean {
  if (address.length > 128) return false;
  switch (network) {
    case 'BTC':
      return isBitcoinAddress(address);
    case 'ETHEREUM':
    case 'BNB':
    case 'BASE':
      return /^0x[0-9a-fA-F]{40}$/.test(address) && isAddress(address, { strict: true });
    case 'TRON':
      return isTronAddress(address);
    default: {
      const never: never = network;
      throw new Error(`unknown network ${String(never)}`);
    }
  }
}
