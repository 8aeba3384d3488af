import { HDKey } from '@scure/bip32';

export class SweepKeyError extends Error {}

/**
 * The account's extended private key (`NET_SWEEP_XPRV`, worker role only). It must be the private
 * side of the configured `NET_XPUB`, or the sweeper would sign for addresses nobody watches.
 */
export function sweepAccountKey(xprv: string, xpub: string | undefined): HDKey {
  const key = HDKey.fromExtendedKey(xprv);
  if (!key.privateKey) throw new SweepKeyError('the sweep key must be an extended private key (xprv)');
  if (xpub && key.publicExtendedKey !== xpub) throw new SweepKeyError('the sweep key is not the private side of the configured xpub');
  return key;
}
