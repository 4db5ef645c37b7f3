/**
 * An axis-aligned box in world coordinates (x east, y up, z south), the shape every
 * collision query works on.
 */
export interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly minZ: number;
  readonly maxX: number;
  readonly maxY: number;
  readonly maxZ: number;
}

export type Axis = 'x' | 'y' | 'z';

export function boxMin(box: Box, axis: Axis): number {
  return axis === 'x' ? box.minX : axis === 'y' ? box.minY : box.minZ;
}

export function boxMax(box: Box, axis: Axis): number {
  return axis === 'x' ? box.maxX : axis === 'y' ? box.maxY : box.maxZ;
}

/** The same box with its extent along `axis` replaced by [min, max]. */
export function withSpan(box: Box, axis: Axis, min: number, max: number): Box {
  if (axis === 'x') return { ...box, minX: min, maxX: max };
  if (axis === 'y') return { ...box, minY: min, maxY: max };
  return { ...box, minZ: min, maxZ: max };
}
