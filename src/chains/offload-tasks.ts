import type { HDKey } from '@scure/bip32';
import { findCurrency } from '../lib/currencies/catalogue.ts';
import { deriveAddress, parseExtendedPublicKey, type AddressFormat } from './addresses.ts';
import { paymentUri } from './payment-uri.ts';
import { qrCodeDataUrl } from './qr-png.ts';

/**
 * The CPU-heavy pure work of creating deposits and invoice quotes (an HD address derivation, a QR
 * PNG): each task by name, its arguments, and its result. They run on the helper thread (see
 * offload.ts), or here in the calling thread when it is unavailable.
 */
export interface OffloadTasks {
  /** The receive address at `index` under an account-level extended public key. */
  derive: { args: [xpub: string, index: number, format: AddressFormat]; result: string };
  /** The PNG data URL of a payment URI's QR code. */
  qr: { args: [uri: string]; result: string };
  /**
   * A receive address (as `derive`) and the QR code of its payment URI in a currency (as `qr`):
   * a create that needs both pays for one trip to the helper thread, not two.
   */
  deriveWithQr: {
    args: [xpub: string, index: number, format: AddressFormat, currencyCode: string];
    result: { address: string; qrCode: string };
  };
}

export type TaskName = keyof OffloadTasks;

// Parsed account keys by their text: parsing is cheap, but deriveAddress caches its `/0` node per key object.
const keys = new Map<string, HDKey>();

function accountKey(xpub: string): HDKey {
  let key = keys.get(xpub);
  if (!key) {
    key = parseExtendedPublicKey(xpub);
    if (keys.size >= 100) keys.clear();
    keys.set(xpub, key);
  }
  return key;
}

/** Runs one task in the calling thread. */
export function runTask<K extends TaskName>(name: K, args: OffloadTasks[K]['args']): OffloadTasks[K]['result'] {
  switch (name) {
    case 'derive': {
      const [xpub, index, format] = args as OffloadTasks['derive']['args'];
      return deriveAddress(accountKey(xpub), index, format);
    }
    case 'qr':
      return qrCodeDataUrl((args as OffloadTasks['qr']['args'])[0]);
    case 'deriveWithQr': {
      const [xpub, index, format, code] = args as OffloadTasks['deriveWithQr']['args'];
      const currency = findCurrency(code);
      if (!currency) throw new Error(`unknown currency ${code}`);
      const address = deriveAddress(accountKey(xpub), index, format);
      return { address, qrCode: qrCodeDataUrl(paymentUri(currency, address)) } as OffloadTasks[K]['result'];
    }
    default:
      throw new Error(`unknown task ${String(name)}`);
  }
}
