// Apart from payment-uri.ts because the helper thread's tasks (offload-tasks.ts) build payment URIs:
// the URI stays pure, and only this asks the thread.
import { offThread } from './offload.ts';

/**
 * A QR code of the payment URI as a PNG data URL (`data:image/png;base64,…`; see qr-png.ts), drawn
 * on the helper thread so the event loop keeps serving requests meanwhile.
 */
export function paymentQrCode(uri: string): Promise<string> {
  return offThread('qr', uri);
}
