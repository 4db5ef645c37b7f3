/** Perlin's quintic fade 6t^5 - 15t^4 + 10t^3: C2 at the lattice, so no creases in the slope. */
export function quinticFade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}
