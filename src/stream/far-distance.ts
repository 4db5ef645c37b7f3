/**
 * The far distance F: how far, in columns, levels of detail carry the terrain beyond the
 * full-detail render distance. 0 turns them off; 128 columns is 2,048 blocks, Distant
 * Horizons' default horizon.
 */
export const FAR_DISTANCE_RANGE = { min: 0, max: 128 } as const;

/** 64 columns: a horizon of 1,024 blocks, about five times Minecraft's default view. */
export const DEFAULT_FAR_DISTANCE = 64;

/** A far distance the game accepts: whole columns inside FAR_DISTANCE_RANGE; not a number gives the default. */
export function clampFarDistance(columns: number): number {
  if (!Number.isFinite(columns)) return DEFAULT_FAR_DISTANCE;
  return Math.min(FAR_DISTANCE_RANGE.max, Math.max(FAR_DISTANCE_RANGE.min, Math.round(columns)));
}
