/**
 * A column plus a one-block border from its eight neighbours: the mesher's input. Faces at
 * the column edge are culled against the border, and vertex AO reads the border's corners,
 * so a column's mesh never depends on which neighbours happen to be loaded.
 */
import { COLUMN_SIZE, TEMPERATE_TINT, WORLD_HEIGHT } from '../world';

/** Width and depth of the padded volume: 16 + a border block on each side. */
export const PADDED_SIZE = COLUMN_SIZE + 2;
/** Blocks per y layer of the padded volume. */
export const PADDED_LAYER = PADDED_SIZE * PADDED_SIZE;

export interface PaddedVolume {
  /** Block ids, indexed by paddedIndex(x, y, z) with x, z in -1..16 and y in 0..WORLD_HEIGHT-1. */
  readonly blocks: Uint8Array;
  /**
   * Skylight 0..15 per cell, indexed like `blocks` (skylight.ts; 0 in opaque cells). A new
   * volume is all 15, so hand-made test volumes are fully lit.
   */
  readonly light: Uint8Array;
  /**
   * Block light 0..15 per cell, indexed like `blocks` (block-light.ts): torches, glowstone,
   * lava. All 0 when `hasBlockLight` is false, which is most columns: the meshers then skip it.
   */
  readonly blockLight: Uint8Array;
  /** Whether any cell has block light (a source's light reaches the padded column). */
  hasBlockLight: boolean;
  /** Climate tint byte (biome.ts, climateTint) per block column, at paddedIndex(x, 0, z). */
  readonly tints: Uint8Array;
  /**
   * Block states (block-shapes.ts) of the cells that have one, by paddedIndex: only edited
   * blocks carry a state, so a map of the few beats a byte per cell.
   */
  readonly states: Map<number, number>;
  /** Highest y holding a non-air block anywhere in the volume (-1 if none). */
  maxY: number;
}

export function createPaddedVolume(): PaddedVolume {
  return {
    blocks: new Uint8Array(PADDED_LAYER * WORLD_HEIGHT),
    light: new Uint8Array(PADDED_LAYER * WORLD_HEIGHT).fill(15),
    blockLight: new Uint8Array(PADDED_LAYER * WORLD_HEIGHT),
    hasBlockLight: false,
    tints: new Uint8Array(PADDED_LAYER).fill(TEMPERATE_TINT),
    states: new Map(),
    maxY: -1,
  };
}

/** Index of local block (x, y, z); x and z run from -1 (west/north border) to 16. */
export function paddedIndex(x: number, y: number, z: number): number {
  return x + 1 + PADDED_SIZE * (z + 1) + PADDED_LAYER * y;
}

/** The state of the cell at padded index `i` (0 when it has none). */
export function stateAtIndex(volume: PaddedVolume, i: number): number {
  return volume.states.get(i) ?? 0;
}

/** Recomputes maxY after blocks were written by hand (tests, edits). */
export function updatePaddedMaxY(volume: PaddedVolume): void {
  const b = volume.blocks;
  for (let i = b.length - 1; i >= 0; i--) {
    if (b[i] !== 0) {
      volume.maxY = Math.floor(i / PADDED_LAYER);
      return;
    }
  }
  volume.maxY = -1;
}
