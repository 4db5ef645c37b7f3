/**
 * Size classes for the geometry slots of a batch (batched-pass.ts), in quads. A slot freed by
 * one item is reused by another of the same class, so classes must be few enough that a
 * freed slot soon finds a taker, and fine enough that a slot wastes little: four classes per
 * power of two (16, 20, 24, 28, 32, 40, 48, 56, 64, 80, …) waste at most a fifth of a slot,
 * about a tenth on average, and a column's quad count (hundreds to a few thousand) falls in
 * one of about twenty classes.
 */

/** The smallest slot: tiny meshes (a few quads of water) share it instead of making classes of their own. */
export const MIN_SLOT_QUADS = 16;

/** Quads a slot of class `c` holds: (4 + c mod 4) * 2^(floor(c / 4) + 2). */
export function slotQuads(c: number): number {
  return (4 + (c % 4)) * 2 ** (Math.floor(c / 4) + 2);
}

/** The smallest class whose slots hold `quads` quads. */
export function slotClassOf(quads: number): number {
  let c = 0;
  while (slotQuads(c) < quads) c++;
  return c;
}
