/**
 * "In view" for load ordering: a column whose centre lies inside the camera's horizontal
 * view cone, or close enough that the player may be standing on it. Pure arithmetic: the
 * caller passes the cone's cosine, so this needs no trigonometry of its own.
 */

export interface ViewCone {
  /** Camera position in column units (block x / 16), fractional. */
  x: number;
  z: number;
  /** Horizontal view direction; need not be normalised. Zero means "looking straight down". */
  dirX: number;
  dirZ: number;
  /** Cosine of half the horizontal field of view, widened a little so edges load early. */
  cosHalfAngle: number;
}

/** Columns this close (in columns) always count as in view. */
const ALWAYS_VISIBLE_DISTANCE2 = 2.25;

export function isInView(cone: ViewCone, cx: number, cz: number): boolean {
  const vx = cx + 0.5 - cone.x;
  const vz = cz + 0.5 - cone.z;
  const len2 = vx * vx + vz * vz;
  if (len2 <= ALWAYS_VISIBLE_DISTANCE2) return true;
  const dirLen2 = cone.dirX * cone.dirX + cone.dirZ * cone.dirZ;
  if (dirLen2 === 0) return true;
  const dot = vx * cone.dirX + vz * cone.dirZ;
  const c = cone.cosHalfAngle;
  // dot / (|v| |dir|) >= c, squared to avoid the roots; the sign decides first.
  if (c >= 0) return dot >= 0 && dot * dot >= c * c * len2 * dirLen2;
  return dot >= 0 || dot * dot <= c * c * len2 * dirLen2;
}
