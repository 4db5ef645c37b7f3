/** Reads a PNG screenshot (playwright writes 8-bit RGB/RGBA, non-interlaced) into simple statistics. */
import { inflateSync } from 'node:zlib';

export interface PictureStats {
  width: number;
  height: number;
  distinctColours: number;
  /** Fractions of pixels that look like grass and like earth or sand. */
  greenish: number;
  brownish: number;
  /** Fractions of pale yellow (sand), near-white (snow), blue (water) and near-black (unlit) pixels. */
  sandy: number;
  white: number;
  bluish: number;
  dark: number;
}

export function decodePng(png: Buffer): { width: number; height: number; channels: number; pixels: Uint8Array } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs');
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : 0;
      if (!channels) throw new Error(`unsupported PNG colour type ${data[9]}`);
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(width * height * channels);
  const prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      let v = line[i]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[i] = v & 255;
    }
    prev.set(out);
  }
  return { width, height, channels, pixels };
}

export function analyseScreenshot(png: Buffer): PictureStats {
  const { width, height, channels, pixels } = decodePng(png);
  const colours = new Set<number>();
  let green = 0;
  let brown = 0;
  let sandy = 0;
  let white = 0;
  let bluish = 0;
  let dark = 0;
  const n = width * height;
  for (let i = 0; i < n; i++) {
    const r = pixels[i * channels]!;
    const g = pixels[i * channels + 1]!;
    const b = pixels[i * channels + 2]!;
    colours.add((r << 16) | (g << 8) | b);
    if (g > r + 10 && g > b + 10) green++;
    if (r > b + 25 && r >= g) brown++;
    if (r > 150 && g > 130 && r >= g && r - b > 40) sandy++;
    if (r > 200 && g > 200 && b > 200) white++;
    if (b > r + 20 && b > g) bluish++;
    if (r + g + b < 75) dark++;
  }
  return { width, height, distinctColours: colours.size, greenish: green / n, brownish: brown / n, sandy: sandy / n, white: white / n, bluish: bluish / n, dark: dark / n };
}
