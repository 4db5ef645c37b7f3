import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_ICONS, cubeCorners, MASKABLE_SAFE_RADIUS, paintIcon, placeCube } from '../../scripts/paint-icons';

/**
 * The pixels of a PNG as scripts/png.ts writes it (8-bit RGBA, one IDAT, filter 0 on every
 * row): enough to compare the committed icons with what the painter paints now, without
 * depending on zlib compressing the same way in every Node version.
 */
function decodeOurPng(file: Buffer): { width: number; height: number; rgba: Uint8Array } {
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('ascii', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]], '8-bit RGBA').toEqual([8, 6]);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const rgba = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)], `row ${y}'s filter`).toBe(0);
    rgba.set(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride);
  }
  return { width, height, rgba };
}

const alphaAt = (icon: { width: number; rgba: Uint8Array }, x: number, y: number) => icon.rgba[(y * icon.width + x) * 4 + 3];

describe('paintIcon', () => {
  it('paints the same pixels every time, at the size asked', () => {
    const a = paintIcon({ size: 48 });
    const b = paintIcon({ size: 48 });
    expect(a.width).toBe(48);
    expect(a.height).toBe(48);
    expect(a.rgba.length).toBe(48 * 48 * 4);
    expect(Buffer.from(a.rgba).equals(Buffer.from(b.rgba))).toBe(true);
  });

  it('leaves rounded corners transparent and full-bleed icons opaque everywhere', () => {
    const rounded = paintIcon({ size: 64, cornerRadius: 0.2 });
    expect(alphaAt(rounded, 0, 0)).toBe(0);
    expect(alphaAt(rounded, 32, 1)).toBe(255);
    const square = paintIcon({ size: 64, cornerRadius: 0 });
    for (let i = 3; i < square.rgba.length; i += 4) expect(square.rgba[i]).toBe(255);
  });

  it('refuses options it cannot paint, saying which and why', () => {
    expect(() => paintIcon({ size: 10 })).toThrow(/icon size .* 16 to 4096, got 10/);
    expect(() => paintIcon({ size: 64.5 })).toThrow(/whole number/);
    expect(() => paintIcon({ cubeRadius: 0.7 })).toThrow(/cubeRadius .* got 0.7/);
    expect(() => paintIcon({ samples: 0 })).toThrow(/samples .* got 0/);
    expect(() => paintIcon({ cornerRadius: Number.NaN })).toThrow(/cornerRadius/);
  });
});

describe('placeCube', () => {
  it('puts the cube centred, its outermost corner exactly on the circle asked for', () => {
    const corners = cubeCorners(placeCube(200, 80));
    const distances = corners.map(([x, y]) => Math.hypot(x - 100, y - 100));
    expect(Math.max(...distances)).toBeCloseTo(80, 9);
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    expect(Math.min(...xs) + Math.max(...xs)).toBeCloseTo(200, 9);
    expect(Math.min(...ys) + Math.max(...ys)).toBeCloseTo(200, 9);
  });
});

describe('the app icons', () => {
  it('keep the maskable cube inside the safe zone, so no launcher mask cuts it', () => {
    const maskable = APP_ICONS.find((icon) => icon.file.includes('maskable'));
    expect(maskable).toBeDefined();
    const { size, cubeRadius, cornerRadius } = { size: 0, cubeRadius: 0, cornerRadius: 0, ...maskable!.options };
    expect(cornerRadius).toBe(0);
    for (const [x, y] of cubeCorners(placeCube(size, cubeRadius * size))) expect(Math.hypot(x - size / 2, y - size / 2)).toBeLessThanOrEqual(MASKABLE_SAFE_RADIUS * size);
  });

  it.each(APP_ICONS.map((icon) => [icon.file, icon.options] as const))('public/icons/%s is what the painter paints now (run `npm run assets` after changing it)', (file, options) => {
    const committed = decodeOurPng(readFileSync(new URL(`../../public/icons/${file}`, import.meta.url)));
    const painted = paintIcon(options);
    expect([committed.width, committed.height]).toEqual([painted.width, painted.height]);
    expect(Buffer.from(committed.rgba).equals(Buffer.from(painted.rgba))).toBe(true);
  });
});
