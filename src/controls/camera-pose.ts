/**
 * Where the player's eye is and where it looks, as plain numbers: the controls and the
 * URL write it, the scene reads it. Angles follow three.js's 'YXZ' Euler order, which the
 * scene's camera uses: yaw turns about +y (0 looks north, toward -z; positive turns left,
 * toward -x), then pitch tilts up (positive) or down.
 */
export interface CameraPose {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

/** Pitch stops just short of straight up or down, where yaw would become meaningless. */
export const PITCH_LIMIT = Math.PI / 2 - 1e-4;

export function clampPitch(pitch: number): number {
  return Math.min(PITCH_LIMIT, Math.max(-PITCH_LIMIT, pitch));
}

/** Unit view direction of a pose. */
export function lookDirection(yaw: number, pitch: number): { x: number; y: number; z: number } {
  const c = Math.cos(pitch);
  return { x: -Math.sin(yaw) * c, y: Math.sin(pitch), z: -Math.cos(yaw) * c };
}

/** Unit vectors along the ground: forward (where the camera faces) and right of it. */
export function groundAxes(yaw: number): { forwardX: number; forwardZ: number; rightX: number; rightZ: number } {
  const forwardX = -Math.sin(yaw);
  const forwardZ = -Math.cos(yaw);
  return { forwardX, forwardZ, rightX: -forwardZ, rightZ: forwardX };
}
