import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CURRENCIES, NETWORKS, networkOf } from '../../src/lib/currencies/catalogue.ts';

const VALID: Record<string, string[]> = {
  BTC: [
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // P2WPKH
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // P2WSH (BIP173 vector)
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', // taproot
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // BIP173 upper-case vector
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis P2PKH
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
  ],
  Ethereum: [
    '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
    '0x0000000000000000000000000000000000000000',
  ],
  Tron: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
};
VALID.BNB = VALID.Ethereum!;
VALID.Base = VALID.Ethereum!;

const INVALID: Record<string, string[]> = {
  BTC: [
    '',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5md', // one short
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', // 'b' is not in the bech32 alphabet
    'bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // mixed case
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet
    '0A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // wrong version
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNO', // O is not base58
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa ', // trailing space
    '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  ],
  Ethereum: [
    '',
    'dAC17F958D2ee523a2206206994597C13D831ec7', // no 0x
    '0xdAC17F958D2ee523a2206206994597C13D831ec', // 39 hex
    '0xdAC17F958D2ee523a2206206994597C13D831ec77', // 41 hex
    '0xgAC17F958D2ee523a2206206994597C13D831ec7', // not hex
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ],
  Tron: [
    '',
    'R7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // no T
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', // 33 characters
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', // 0 is not base58
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjIl', // I and l are not base58
    '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  ],
};
INVALID.BNB = INVALID.Ethereum!;
INVALID.Base = INVALID.Ethereum!;

describe('addressMask', () => {
  for (const network of Object.keys(NETWORKS)) {
    it(`accepts real ${network} addresses and rejects malformed ones`, () => {
      const mask = new RegExp(NETWORKS[network as keyof typeof NETWORKS].addressMask);
      for (const address of VALID[network]!) assert.ok(mask.test(address), `${network} should accept ${address}`);
      for (const address of INVALID[network]!) assert.ok(!mask.test(address), `${network} should reject "${address}"`);
    });
  }

  it("accepts each token's own contract address on its network", () => {
    for (const c of CURRENCIES) {
      if (!c.contractAddress) continue;
      assert.ok(new RegExp(networkOf(c).addressMask).test(c.contractAddress), c.code);
    }
  });
});
