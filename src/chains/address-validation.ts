import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { hexToBytes, isAddress, type Hex } from 'viem';
import { ConfigError, NETWORK_ENV_NAMES, type ChainSettings, type NetworkEnvName } from '../config.ts';

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
        const version = v1.words[0];
        if (v1.prefix !== 'bc' || version === undefined || version < 1 || version > 16) return false;
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

/** Why a well-formed address still cannot receive a withdrawal. */
export type UnusableAddressReason =
  /** The all-zero account: tokens sent there are burnt (or the transfer reverts after the debit). */
  | 'zeroAddress'
  /** Precompiles, system contracts and burn addresses no key controls (EVM and Tron, below 2^32). */
  | 'reservedAddress'
  /** A well-known burn address (or one whose bytes are all alike): nobody holds its key. */
  | 'burnAddress'
  /** Bitcoin segwit v2–16, or v1 that is not a 32-byte taproot key: no wallet spends them yet, and until a soft fork gives them rules anyone can. */
  | 'futureSegwitVersion';

/**
 * Well-known burn addresses beyond the all-zero, reserved and all-alike ones, lowercase (EVM) or
 * as written (base58): addresses whose key nobody holds, named by the people who burn to them.
 */
const BURN_ADDRESSES: Record<NetworkEnvName, ReadonlySet<string>> = (() => {
  const evm = new Set([
    '0xdead000000000000000042069420694206942069', // the "dEaD…42069" burn address of many token burns
  ]);
  return {
    ETHEREUM: evm,
    BNB: evm,
    BASE: evm,
    TRON: new Set(['TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy']), // Tron's "black hole" address
    BTC: new Set(['1BitcoinEaterAddressDontSendf59kuE', '1CounterpartyXXXXXXXXXXXXXXXUWLpVr']), // vanity hashes with no key behind them
  };
})();

/** The 20-byte account of an EVM or Tron address (valid for its network), else undefined. */
function accountBytes(network: NetworkEnvName, address: string): Uint8Array | undefined {
  if (network === 'ETHEREUM' || network === 'BNB' || network === 'BASE') return hexToBytes(address as Hex);
  if (network === 'TRON') return base58check.decode(address).subarray(1);
  return undefined;
}

/** The witness version (-1 for base58 addresses) and the hash or witness program a Bitcoin address pays to (valid for BTC). */
function bitcoinProgram(address: string): { version: number; program: Uint8Array } {
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1')) return { version: -1, program: base58check.decode(address).subarray(1) };
  const decoded = lower.startsWith('bc1q') ? bech32.decode(lower as `${string}1${string}`) : bech32m.decode(lower as `${string}1${string}`);
  const [version = -1, ...words] = decoded.words;
  return { version, program: bech32.fromWords(words) };
}

/**
 * Why an address that passes `isValidAddress` is still no destination, or undefined when it is one.
 * EVM and Tron: the zero account (0x000…0, Tron's T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb), and every
 * account whose first 16 of 20 bytes are zero: the range where the networks put precompiles
 * (Ethereum 0x01–0x11, Base's P256 verifier at 0x100), system contracts (BNB Smart Chain
 * 0x1000–0x3000, Tron's 0x01000001…) and the conventional burn address 0x…dEaD. No key or contract
 * anyone can create lands there (finding one takes about 2^128 tries), so nothing sent to it can
 * be moved again. Bitcoin: an all-zero hash or witness program (1111111111111111111114oLvT2 and
 * the like), which no key or script hashes to, and witness versions no wallet can spend yet.
 * Everywhere: the well-known burn addresses (BURN_ADDRESSES) and any whose bytes are all alike
 * (0xFFFF…FFFF, 0xEeee…EEeE, the native-coin placeholder of many contracts): as out of reach of a key.
 */
export function unusableAddress(network: NetworkEnvName, address: string): UnusableAddressReason | undefined {
  const { version, program } =
    network === 'BTC' ? bitcoinProgram(address) : { version: -1, program: accountBytes(network, address) ?? new Uint8Array() };
  if (program.every((b) => b === 0)) return 'zeroAddress';
  if (network !== 'BTC' && program.subarray(0, 16).every((b) => b === 0)) return 'reservedAddress';
  if (version >= 2 || (version === 1 && program.length !== 32)) return 'futureSegwitVersion';
  const written = network === 'BTC' || network === 'TRON' ? address : address.toLowerCase();
  if (BURN_ADDRESSES[network].has(written) || program.every((b) => b === program[0])) return 'burnAddress';
  return undefined;
}

/** An address as compared: the EVM networks and bech32 ignore case, base58 (legacy Bitcoin, Tron) does not. */
export function addressKey(network: NetworkEnvName, address: string): string {
  if (network === 'ETHEREUM' || network === 'BNB' || network === 'BASE') return address.toLowerCase();
  if (network === 'BTC' && /^(bc|tb|bcrt)1/i.test(address)) return address.toLowerCase();
  return address;
}

/**
 * Each live network's cold address, checked at start as a withdrawal's destination is: a typo, the
 * zero address or a burn address would send the hot wallet's excess where nobody holds the key, so
 * the gateway refuses to start and says which setting is wrong.
 */
export function checkColdAddresses(chains: Record<NetworkEnvName, Pick<ChainSettings, 'cold'>>): void {
  for (const net of NETWORK_ENV_NAMES) {
    const address = chains[net].cold?.address;
    if (address === undefined) continue;
    if (!isValidAddress(net, address))
      throw new ConfigError(
        `${net}_COLD_ADDRESS "${address}" is not a valid ${net} address (for EVM networks a mixed-case address must match its checksum)`,
      );
    const unusable = unusableAddress(net, address);
    if (unusable)
      throw new ConfigError(`${net}_COLD_ADDRESS "${address}" is no destination (${unusable}): nobody could move what is sent there`);
  }
}
