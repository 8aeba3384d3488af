import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { ExtendedKeyError, addressFromPublicKey, deriveAddress, parseExtendedPublicKey } from '../../src/chains/addresses.ts';
import { NETWORKS } from '../../src/lib/currencies/catalogue.ts';

// The BIP39 test mnemonic; its addresses are published vectors (BIP84, and the first addresses
// every wallet shows for it on Ethereum and Tron).
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const master = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
const account = (path: string) => parseExtendedPublicKey(master.derive(path).publicExtendedKey);

describe('HD deposit addresses', () => {
  it('derives BIP84 bech32 addresses (BIP84 test vectors)', () => {
    const btc = account("m/84'/0'/0'");
    assert.equal(deriveAddress(btc, 0, 'btc-p2wpkh'), 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    assert.equal(deriveAddress(btc, 1, 'btc-p2wpkh'), 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // The zpub form of the same account key gives the same addresses.
    const zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    assert.equal(deriveAddress(parseExtendedPublicKey(zpub), 0, 'btc-p2wpkh'), 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('derives EIP-55 checksummed EVM addresses (BIP44 coin 60)', () => {
    const evm = account("m/44'/60'/0'");
    assert.equal(deriveAddress(evm, 0, 'evm'), '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    assert.equal(deriveAddress(evm, 1, 'evm'), '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
  });

  it('derives base58check Tron addresses (BIP44 coin 195)', () => {
    const tron = account("m/44'/195'/0'");
    assert.equal(deriveAddress(tron, 0, 'tron'), 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('gives distinct addresses that match their network mask', () => {
    const cases = [
      [account("m/84'/0'/0'"), 'btc-p2wpkh', NETWORKS.BTC.addressMask],
      [account("m/44'/60'/0'"), 'evm', NETWORKS.Ethereum.addressMask],
      [account("m/44'/195'/0'"), 'tron', NETWORKS.Tron.addressMask],
    ] as const;
    for (const [key, format, mask] of cases) {
      const seen = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const address = deriveAddress(key, i, format);
        assert.match(address, new RegExp(mask));
        seen.add(address);
      }
      assert.equal(seen.size, 50);
    }
  });

  it('derives each child exactly as @scure/bip32 does, over many indexes and keys', () => {
    // deriveAddress computes BIP32's CKDpub itself (a cached parent point plus I_L·G): the
    // library's own child keys are the reference, for fresh random account keys too.
    const keys = [master, HDKey.fromMasterSeed(Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1))];
    const indexes = [...Array.from({ length: 120 }, (_, i) => i), 1_000, 65_535, 65_536, 16_777_216, 2 ** 31 - 2, 2 ** 31 - 1];
    for (const seed of keys) {
      for (const [path, format] of [
        ["m/84'/0'/0'", 'btc-p2wpkh'],
        ["m/44'/60'/0'", 'evm'],
        ["m/44'/195'/0'", 'tron'],
      ] as const) {
        const xpub = seed.derive(path).publicExtendedKey;
        const reference = HDKey.fromExtendedKey(xpub).deriveChild(0);
        const key = parseExtendedPublicKey(xpub);
        for (const i of indexes) {
          assert.equal(deriveAddress(key, i, format), addressFromPublicKey(reference.deriveChild(i).publicKey!, format), `${path}/0/${i}`);
        }
      }
    }
  });

  it('refuses private keys, junk and bad indexes', () => {
    assert.throws(() => parseExtendedPublicKey(master.derive("m/44'/60'/0'").privateExtendedKey), ExtendedKeyError);
    assert.throws(() => parseExtendedPublicKey('xpub-not-a-key'), ExtendedKeyError);
    assert.throws(
      () =>
        parseExtendedPublicKey(
          'tpubDC5FSnBiZDMmhiuCmWAYsLwgLYrrT9rAqvTySfuCCrgsWz8wxMXUS9Tb9iVMvcRbvFcAHGkMD5Kx8koh4GquNGNTfohfk7pgjhaPCdXpoba',
        ),
      ExtendedKeyError,
    );
    const evm = account("m/44'/60'/0'");
    assert.throws(() => deriveAddress(evm, -1, 'evm'), RangeError);
    assert.throws(() => deriveAddress(evm, 2 ** 31, 'evm'), RangeError);
  });
});
