import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** Pixels per QR module, and the quiet zone around the code in modules (the QR standard's 4). */
const SCALE = 6;
const MARGIN = 4;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A QR matrix as a 1-bit grayscale PNG: SCALE pixels per module, a MARGIN-module white border.
 * Only the first pixel row of each module row (and of each margin) is drawn; every other row
 * repeats the one above, which PNG's "Up" filter (2) writes as zero bytes. That leaves deflate
 * long runs of zeros, so its fastest level (1) packs it within ~15% of what its default level
 * made of every row drawn (~0.6 kB either way), in less than half the time.
 */
export function qrMatrixPng(modules: { size: number; data: Uint8Array }): Buffer {
  const side = (modules.size + 2 * MARGIN) * SCALE;
  const stride = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(stride * side);
  for (let y = 0; y < side; y++) raw[y * stride] = 2;
  // A drawn row: filter 0 ("none"), all white (1 is white in 1-bit grayscale).
  const drawn = (y: number): number => {
    raw[y * stride] = 0;
    raw.fill(0xff, y * stride + 1, (y + 1) * stride);
    return y * stride;
  };
  drawn(0);
  for (let row = 0; row < modules.size; row++) {
    const first = drawn((row + MARGIN) * SCALE);
    for (let col = 0; col < modules.size; col++) {
      if (!modules.data[row * modules.size + col]) continue;
      for (let x = (col + MARGIN) * SCALE, end = x + SCALE; x < end; x++) {
        const at = first + 1 + (x >> 3);
        raw[at] = (raw[at] ?? 0) & ~(0x80 >> (x & 7));
      }
    }
  }
  drawn((modules.size + MARGIN) * SCALE);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, adaptive filtering, no interlace
  const idat = deflateSync(raw, { level: 1 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * The data mask of every symbol. The standard lets an encoder apply any of its eight masks (the
 * format bits tell the reader which); choosing the best by the standard's penalty score is an
 * encoder's refinement, and cost qrcode ~0.5 ms of the ~0.6 ms of a symbol (eight trial masks,
 * each scored). For payment URIs mask 2 (every third column inverted) is that best choice seven
 * times in ten and scores within a few percent of it otherwise (measured on 300 Tron, EVM and
 * Bitcoin URIs), so it is fixed here.
 */
export const QR_MASK = 2;

/**
 * A QR code of a payment URI as a PNG data URL (`data:image/png;base64,…`): qrcode builds the
 * symbol (level M, mask QR_MASK, the URI as one byte segment: payment URIs are mostly lower-case,
 * where the library's search for a cheaper mix of segment modes finds nothing and costs a third of
 * the time), and the PNG is written straight from its module matrix. qrcode's own PNG renderer drew
 * a 256×256 RGBA image and filtered it through pngjs, which was most of the CPU time of
 * `POST /v1/deposit`; this is several times cheaper, ~0.6 kB, and pixel for pixel what that
 * renderer draws at the same scale and margin (test/chains/qr-png.test.ts).
 */
export function qrCodeDataUrl(uri: string): string {
  const qr = QRCode.create([{ data: Buffer.from(uri), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: QR_MASK });
  return `data:image/png;base64,${qrMatrixPng(qr.modules).toString('base64')}`;
}
