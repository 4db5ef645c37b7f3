/**
 * The sky's colours and the light through a day, as keyframes at fixed hours, blended between
 * neighbours: deep blue night with stars, an orange glow low on the sun's side at sunrise and
 * sunset, and from mid-morning to mid-afternoon the colours the game had before it had a time
 * of day. Pure numbers (sRGB colours 0..1, no three.js), so tests read them in Node; day-sky.ts
 * turns them into three's lights, fog and the sky dome's uniforms.
 */
import { HOURS_PER_DAY, wrapHours } from './time-of-day';

export type Rgb = readonly [number, number, number];

export interface SkyLook {
  /** The sky at the horizon, also the fog's colour, so the terrain fades into it. */
  horizon: Rgb;
  zenith: Rgb;
  /** The sunrise or sunset glow, laid low over the horizon on the sun's side, and how strong (0..1). */
  glow: Rgb;
  glowStrength: number;
  /** How much of the starfield shows (0..1). */
  stars: number;
  /** The directional light (the sun by day, the moon by night): colour and intensity. */
  light: Rgb;
  lightIntensity: number;
  /** The hemisphere light's sky and ground colours, and its intensity. */
  hemiSky: Rgb;
  hemiGround: Rgb;
  hemiIntensity: number;
  /**
   * What the voxel shader scales the skylight term by: 1 by day, a moonlit floor at night
   * (MOONLIGHT_FLOOR), so the surface stays readable and caves stay darker than it.
   */
  daylight: number;
}

/** The lowest `daylight` gets: night is dark, not black. */
export const MOONLIGHT_FLOOR = 0.2;

function rgb(hex: number): Rgb {
  return [((hex >> 16) & 255) / 255, ((hex >> 8) & 255) / 255, (hex & 255) / 255];
}

/** The day as the game always looked (world-scene.ts had these as constants). */
const DAY: SkyLook = {
  horizon: rgb(0xb4d4f0),
  zenith: rgb(0x4a86d0),
  glow: rgb(0xffb070),
  glowStrength: 0,
  stars: 0,
  light: rgb(0xfff4e0),
  lightIntensity: 0.62,
  hemiSky: rgb(0xd8e8ff),
  hemiGround: rgb(0x6a5a4a),
  hemiIntensity: 0.62,
  daylight: 1,
};

/** Moonlit night: bluish light, the daylight floor, every star. */
const NIGHT: SkyLook = {
  horizon: rgb(0x0f1a33),
  zenith: rgb(0x02040d),
  glow: rgb(0x2a2a55),
  glowStrength: 0,
  stars: 1,
  light: rgb(0x9fb4ff),
  lightIntensity: 0.45,
  hemiSky: rgb(0x8ea6e8),
  hemiGround: rgb(0x3a3f55),
  hemiIntensity: 0.62,
  daylight: MOONLIGHT_FLOOR,
};

/**
 * The hour the sun is on the horizon (6 and 18): the directional light swaps between sun and
 * moon there, so its intensity is 0 at exactly these hours and nothing jumps.
 */
const TWILIGHT: SkyLook = {
  horizon: rgb(0x8a6a7a),
  zenith: rgb(0x1c2c58),
  glow: rgb(0xff7a2a),
  glowStrength: 1,
  stars: 0.15,
  light: rgb(0xff9a5a),
  lightIntensity: 0,
  hemiSky: rgb(0xb0a8d8),
  hemiGround: rgb(0x4a4046),
  hemiIntensity: 0.62,
  daylight: 0.5,
};

/** Half an hour on the night side of the horizon: the glow is a band, a few stars out. */
const DUSK: SkyLook = {
  ...TWILIGHT,
  horizon: rgb(0x3a3350),
  zenith: rgb(0x0a1230),
  glow: rgb(0xd0502a),
  glowStrength: 0.6,
  stars: 0.55,
  light: NIGHT.light,
  lightIntensity: 0.15,
  hemiSky: rgb(0x9aa4e0),
  daylight: 0.32,
};

/** An hour on the day side: low warm sun, the sky not yet its full blue. */
const GOLDEN: SkyLook = {
  ...DAY,
  horizon: rgb(0xd8c4b8),
  zenith: rgb(0x4a78c0),
  glow: rgb(0xffa060),
  glowStrength: 0.55,
  light: rgb(0xffc890),
  lightIntensity: 0.5,
  hemiSky: rgb(0xd8d8f0),
  daylight: 0.85,
};

/** [hour, look], hours rising, the last ending where the first begins (a day wraps). */
export const SKY_KEYFRAMES: readonly (readonly [number, SkyLook])[] = [
  [0, NIGHT],
  [4.75, NIGHT],
  [5.5, DUSK],
  [6, TWILIGHT],
  [7, GOLDEN],
  [8.5, DAY],
  [16, DAY],
  [17, GOLDEN],
  [18, TWILIGHT],
  [18.5, DUSK],
  [19.25, NIGHT],
  [24, NIGHT],
];

const NUMBER_KEYS = ['glowStrength', 'stars', 'lightIntensity', 'hemiIntensity', 'daylight'] as const;
const COLOR_KEYS = ['horizon', 'zenith', 'glow', 'light', 'hemiSky', 'hemiGround'] as const;

/** The look at `hours` (any finite number, wrapped into the day); a value that is no number reads as noon. */
export function skyAt(hours: number): SkyLook {
  const h = Number.isFinite(hours) ? wrapHours(hours) : HOURS_PER_DAY / 2;
  let i = 1;
  while (i < SKY_KEYFRAMES.length - 1 && SKY_KEYFRAMES[i]![0] <= h) i++;
  const [h0, a] = SKY_KEYFRAMES[i - 1]!;
  const [h1, b] = SKY_KEYFRAMES[i]!;
  const linear = Math.min(1, Math.max(0, (h - h0) / (h1 - h0)));
  // Eased, so a colour leaves and reaches a keyframe gently rather than turning on a corner.
  const t = linear * linear * (3 - 2 * linear);
  const look = { ...a } as { -readonly [K in keyof SkyLook]: SkyLook[K] };
  for (const k of NUMBER_KEYS) look[k] = a[k] + (b[k] - a[k]) * t;
  for (const k of COLOR_KEYS) look[k] = [0, 1, 2].map((c) => a[k][c]! + (b[k][c]! - a[k][c]!) * t) as unknown as Rgb;
  return look;
}
