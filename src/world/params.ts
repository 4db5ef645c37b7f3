/**
 * World parameters: everything that shapes the terrain, as one plain serialisable object
 * (it travels to workers, into the URL and into saved worlds). Any change to it is a new
 * world "generation" for the streamer.
 */

/**
 * Version of the world format: what the generator makes of (params, coordinates). Bump it
 * whenever a change to noise, terrain or block layering changes any generated block on
 * purpose, together with the golden hash table in test/world/fixtures/golden-hashes.ts.
 * Saved worlds and shared links can then tell that their seed no longer means the same world.
 */
export const WORLD_FORMAT_VERSION = 1;

export type NoiseSource = 'perlin' | 'simplex';
export const NOISE_SOURCES: readonly NoiseSource[] = ['perlin', 'simplex'];

/**
 * How octaves of the noise are layered into a heightfield: plain fBm (rolling hills),
 * ridged multifractal (sharp crests and valleys), or fBm with its input displaced by
 * another fBm (domain warp: twisted, eroded-looking shapes).
 */
export type TerrainStyle = 'fbm' | 'ridged' | 'warped';
export const TERRAIN_STYLES: readonly TerrainStyle[] = ['fbm', 'ridged', 'warped'];

export interface WorldParams {
  /** Seed text as the player typed it; seedFromText turns it into the 32-bit seed. */
  seed: string;
  /** Which 2D noise the fBm sums: our seeded Perlin, or the simplex-noise package. */
  noise: NoiseSource;
  /** How the octaves are layered; see TerrainStyle. */
  style: TerrainStyle;
  /** fBm octaves (1..16): more octaves, finer detail. */
  octaves: number;
  /** Amplitude ratio between octaves (0..1): higher is rougher. */
  persistence: number;
  /** Frequency ratio between octaves (1..4). */
  lacunarity: number;
  /** Size in blocks of the largest terrain features (first octave's wavelength). */
  scale: number;
  /** Height in blocks that the fBm's [-1, 1] maps to, above and below sea level. */
  amplitude: number;
  /** Water fills every column up to this y. */
  seaLevel: number;
}

export const DEFAULT_WORLD_PARAMS: Readonly<WorldParams> = Object.freeze({
  seed: 'voxel',
  noise: 'perlin',
  style: 'fbm',
  octaves: 6,
  persistence: 0.5,
  lacunarity: 2,
  scale: 256,
  amplitude: 104,
  seaLevel: 62,
});

/** The sane range of each numeric parameter; the GUI, the URL and saved data are held to it. */
export const WORLD_PARAM_RANGES = {
  octaves: { min: 1, max: 16, step: 1 },
  persistence: { min: 0, max: 1, step: 0.01 },
  lacunarity: { min: 1, max: 4, step: 0.01 },
  scale: { min: 8, max: 4096, step: 1 },
  amplitude: { min: 0, max: 127, step: 1 },
  seaLevel: { min: 1, max: 250, step: 1 },
} as const satisfies Record<string, { min: number; max: number; step: number }>;

export type NumericWorldParam = keyof typeof WORLD_PARAM_RANGES;

/**
 * A complete, in-range copy of `input`: unknown keys dropped, wrong types and NaN replaced by
 * the default, numbers clamped (octaves rounded). Each replacement is described in
 * `warnings`, for the player to read.
 */
export function sanitizeWorldParams(input: unknown): { params: WorldParams; warnings: string[] } {
  const warnings: string[] = [];
  const src = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const params: WorldParams = { ...DEFAULT_WORLD_PARAMS };

  if (src.seed !== undefined) {
    if (typeof src.seed === 'string') params.seed = src.seed;
    else if (typeof src.seed === 'number' && Number.isFinite(src.seed)) params.seed = String(src.seed);
    else warnings.push(`seed must be text; kept "${params.seed}"`);
  }
  if (src.noise !== undefined) {
    if (NOISE_SOURCES.includes(src.noise as NoiseSource)) params.noise = src.noise as NoiseSource;
    else warnings.push(`noise must be one of ${NOISE_SOURCES.join(', ')}; kept "${params.noise}"`);
  }
  if (src.style !== undefined) {
    if (TERRAIN_STYLES.includes(src.style as TerrainStyle)) params.style = src.style as TerrainStyle;
    else warnings.push(`style must be one of ${TERRAIN_STYLES.join(', ')}; kept "${params.style}"`);
  }
  for (const key of Object.keys(WORLD_PARAM_RANGES) as NumericWorldParam[]) {
    const value = src[key];
    if (value === undefined) continue;
    const range = WORLD_PARAM_RANGES[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      warnings.push(`${key} must be a finite number; kept ${params[key]}`);
      continue;
    }
    const clamped = Math.min(range.max, Math.max(range.min, value));
    const v = key === 'octaves' || key === 'seaLevel' || key === 'amplitude' ? Math.round(clamped) : clamped;
    if (clamped !== value) warnings.push(`${key} ${value} is outside ${range.min}..${range.max}; using ${v}`);
    else if (v !== value) warnings.push(`${key} must be a whole number; rounded ${value} to ${v}`);
    params[key] = v;
  }
  return { params, warnings };
}

/**
 * A stable identity for a world: the parameters plus the world format version, so that
 * saved edits (keyed by it) never land on a world a newer generator makes differently.
 */
export function worldParamsKey(p: WorldParams): string {
  return JSON.stringify([WORLD_FORMAT_VERSION, p.seed, p.noise, p.style, p.octaves, p.persistence, p.lacunarity, p.scale, p.amplitude, p.seaLevel]);
}
