/**
 * Ken Perlin's "Improved Noise" (SIGGRAPH 2002), transcribed from his reference Java
 * implementation so that it reproduces it bit for bit, including its 256-cell period.
 * The game's terrain uses the seeded variants in `perlin.ts`; this one is the yardstick
 * that pins the algorithm (see test/noise/improved-noise.test.ts).
 */

/**
 * Perlin's reference permutation of 0..255, checked against his Java at 200 points (test/noise/
 * improved-noise.test.ts): a single lost entry shifts every value after it, which one test
 * point near the origin would not notice.
 */
export const REFERENCE_PERMUTATION: readonly number[] = Object.freeze([
  151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142,
  8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117,
  35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71,
  134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41,
  55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89,
  18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226,
  250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182,
  189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43,
  172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97,
  228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107,
  49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138,
  236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
]);

/** The permutation twice over, so `p[i + 1]` never needs a wrap (as in the Java code). */
const p = new Uint8Array(512);
for (let i = 0; i < 512; i++) p[i] = REFERENCE_PERMUTATION[i & 255]!;

/** Perlin's quintic fade 6t^5 - 15t^4 + 10t^3: zero first and second derivative at 0 and 1. */
function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

function lerp(t: number, a: number, b: number): number {
  return a + t * (b - a);
}

/** Dot product with one of the 12 cube-edge gradients, picked by the low 4 bits. */
function grad(hash: number, x: number, y: number, z: number): number {
  const h = hash & 15;
  const u = h < 8 ? x : y;
  const v = h < 4 ? y : h === 12 || h === 14 ? x : z;
  return ((h & 1) === 0 ? u : -u) + ((h & 2) === 0 ? v : -v);
}

/**
 * The largest |improvedNoise3|: 1.03635 (at about (0.355, 0.481, 0.5) in a cell whose corner
 * gradients all point at it; see scripts/noise-peaks.ts), rounded up. The often-quoted
 * range [-1, 1] is slightly wrong.
 */
export const IMPROVED_NOISE_3D_PEAK = 1.0364;

/**
 * Improved noise at (x, y, z). Output lies in [-1.0364, 1.0364] (IMPROVED_NOISE_3D_PEAK).
 * Non-finite input returns 0.
 */
export function improvedNoise3(x: number, y: number, z: number): number {
  if (x - x !== 0 || y - y !== 0 || z - z !== 0) return 0;
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const fz = Math.floor(z);
  // Same as Java's `(int)Math.floor(x) & 255` for |x| < 2^31, where Java's cast saturates.
  const X = fx & 255;
  const Y = fy & 255;
  const Z = fz & 255;
  x -= fx;
  y -= fy;
  z -= fz;
  const u = fade(x);
  const v = fade(y);
  const w = fade(z);
  const A = p[X]! + Y;
  const AA = p[A]! + Z;
  const AB = p[A + 1]! + Z;
  const B = p[X + 1]! + Y;
  const BA = p[B]! + Z;
  const BB = p[B + 1]! + Z;
  return lerp(
    w,
    lerp(
      v,
      lerp(u, grad(p[AA]!, x, y, z), grad(p[BA]!, x - 1, y, z)),
      lerp(u, grad(p[AB]!, x, y - 1, z), grad(p[BB]!, x - 1, y - 1, z)),
    ),
    lerp(
      v,
      lerp(u, grad(p[AA + 1]!, x, y, z - 1), grad(p[BA + 1]!, x - 1, y, z - 1)),
      lerp(u, grad(p[AB + 1]!, x, y - 1, z - 1), grad(p[BB + 1]!, x - 1, y - 1, z - 1)),
    ),
  );
}

const INVERSE_PEAK = 1 / IMPROVED_NOISE_3D_PEAK;

/** improvedNoise3 divided by its peak, so the output stays within [-1, 1]. */
export function improvedNoise3Normalised(x: number, y: number, z: number): number {
  return improvedNoise3(x, y, z) * INVERSE_PEAK;
}
