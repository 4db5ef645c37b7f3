/** Noise values as pixels: the one grey scale every 2D figure uses, so figures compare. */

/** RGBA bytes for row-major `values`: -1 black, +1 white, clamped beyond; opaque. */
export function greyPixels(values: ArrayLike<number>, scale = 1): Uint8ClampedArray {
  const n = values.length;
  const rgba = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    // Uint8ClampedArray rounds and clamps on store (NaN becomes 0).
    const g = (values[i]! * scale + 1) * 127.5;
    const k = 4 * i;
    rgba[k] = g;
    rgba[k + 1] = g;
    rgba[k + 2] = g;
    rgba[k + 3] = 255;
  }
  return rgba;
}
