/**
 * Fade curves: how lattice noise blends between neighbouring lattice points. Each maps
 * [0, 1] onto [0, 1] with f(0) = 0 and f(1) = 1 exactly, and uses only `+ - *`, so the
 * result has the same bits in every engine.
 */

/**
 * The two-point blends. `quintic` is the default everywhere: Perlin's 2002 choice.
 * - `linear`: t itself. Cheapest; creases (a kink in the slope) at every lattice line.
 * - `cosine`: (1 - cos(pi t)) / 2, as in Hugo Elias's write-up, via a polynomial (below).
 * - `smoothstep`: 3t^2 - 2t^3, Perlin's 1985 fade: C1, but its second derivative jumps.
 * - `quintic`: 6t^5 - 15t^4 + 10t^3: C2, no visible lattice artefacts in lighting.
 */
export type Fade = 'linear' | 'cosine' | 'smoothstep' | 'quintic';

export const FADES: readonly Fade[] = ['linear', 'cosine', 'smoothstep', 'quintic'];

/** Perlin's quintic fade 6t^5 - 15t^4 + 10t^3: C2 at the lattice, so no creases in the slope. */
export function quinticFade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

/** Perlin's original (1985) cubic Hermite fade 3t^2 - 2t^3. */
export function smoothstepFade(t: number): number {
  return t * t * (3 - 2 * t);
}

export function linearFade(t: number): number {
  return t;
}

/*
 * Coefficients of the cosine fade's correction term, fitted (iteratively reweighted least
 * squares towards minimax, numpy, 20001 points) to (1 - cos(pi t)) / 2. Max error 3.2e-9;
 * see test/noise/fade.test.ts, which measures it against Math.cos.
 */
const COS_C1 = 1.1327401896615006;
const COS_C3 = -0.27970664822294017;
const COS_C5 = 0.038335216910835364;

/**
 * (1 - cos(pi t)) / 2 without Math.cos, whose last bit differs between engines and would
 * make a world depend on the browser. Written as smoothstep plus a correction that has a
 * factor t^2 (1 - t)^2, so f(0) = 0, f(1) = 1 and f'(0) = f'(1) = 0 hold exactly (C1 across
 * lattice lines like the true cosine), and an odd polynomial in (t - 1/2) so the curve keeps
 * the cosine's point symmetry f(1 - t) = 1 - f(t).
 */
export function cosineFade(t: number): number {
  const s = t - 0.5;
  const q = t * (1 - t);
  const s2 = s * s;
  return t * t * (3 - 2 * t) + q * q * s * (COS_C1 + s2 * (COS_C3 + s2 * COS_C5));
}

/** The function behind a Fade name. Unknown names fall back to quintic (the default). */
export function fadeFunction(fade: Fade): (t: number) => number {
  switch (fade) {
    case 'linear':
      return linearFade;
    case 'cosine':
      return cosineFade;
    case 'smoothstep':
      return smoothstepFade;
    default:
      return quinticFade;
  }
}
