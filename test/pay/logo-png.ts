import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG drawn by `paint(x, y)` (coordinates 0..1, returns [r, g, b, a]), 4×4 supersampled. */
export function drawPng(size: number, paint: (x: number, y: number) => [number, number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const [r, g, b, a] = paint((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size);
          sum[0]! += r * a;
          sum[1]! += g * a;
          sum[2]! += b * a;
          sum[3]! += a;
        }
      const alpha = sum[3]!;
      for (let i = 0; i < 3; i++) row[1 + x * 4 + i] = alpha ? Math.round(sum[i]! / alpha) : 0;
      row[1 + x * 4 + 3] = Math.round(alpha / 16);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A café's logo for the tests: a coffee bean in a yellow ring on a dark roast disc. */
export function cafeLogo(): Buffer {
  const roast: [number, number, number, number] = [59, 36, 22, 255];
  const yellow: [number, number, number, number] = [255, 212, 0, 255];
  return drawPng(96, (x, y) => {
    const dx = x - 0.5;
    const dy = y - 0.5;
    const r = Math.hypot(dx, dy);
    if (r > 0.49) return [0, 0, 0, 0];
    if (r > 0.42) return roast;
    if (r > 0.36) return yellow;
    // The bean: an ellipse tilted 30°, split by an S-shaped slit.
    const u = dx * Math.cos(0.5) + dy * Math.sin(0.5);
    const v = -dx * Math.sin(0.5) + dy * Math.cos(0.5);
    const inBean = (u / 0.17) ** 2 + (v / 0.25) ** 2 <= 1;
    if (!inBean) return roast;
    return Math.abs(u - 0.04 * Math.sin(v * 14)) < 0.025 ? roast : yellow;
  });
}
