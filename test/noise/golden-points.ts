/**
 * The fixed sample points behind fixtures/seeded-golden.json, shared by the script that
 * writes it and the test that reads it. Mixes the places where noise code goes wrong:
 * lattice points, half cells, tiny offsets, negative coordinates, and far out (1e7).
 */
import type { FbmOptions } from '../../src/noise';
// The golden JSON pins these points: a change to lcg shows up as a golden-test failure.
import { lcg } from '../support/random';

export const GOLDEN_SEEDS: readonly number[] = [0, 1, -1, 42, 1337, 0x7fffffff, -0x80000000];

const SCALES = [1, 4, 37.5, 1000, 65536, 1e7];

function coordinate(rand: () => number, i: number): number {
  const scale = SCALES[i % SCALES.length]!;
  const kind = Math.floor(rand() * 5);
  const base = (rand() * 2 - 1) * scale;
  if (kind === 0) return Math.floor(base); // exactly on the lattice
  if (kind === 1) return Math.floor(base) + 0.5; // cell centre
  if (kind === 2) return Math.floor(base) + 1e-9; // just past a lattice line
  return base;
}

export function goldenPoints2D(): [number, number][] {
  const rand = lcg(2024);
  const points: [number, number][] = [[0, 0], [0.5, 0.5], [-0.5, -0.5], [3.14, 42], [-1e7, 1e7]];
  for (let i = 0; i < 120; i++) points.push([coordinate(rand, i), coordinate(rand, i + 3)]);
  return points;
}

export function goldenPoints3D(): [number, number, number][] {
  const rand = lcg(7);
  const points: [number, number, number][] = [[0, 0, 0], [3.14, 42, 7], [-0.5, 0.25, -7.75], [1e7, -1e7, 0.5]];
  for (let i = 0; i < 120; i++) points.push([coordinate(rand, i), coordinate(rand, i + 2), coordinate(rand, i + 4)]);
  return points;
}

export const GOLDEN_FBM_CASES: readonly { source: 'perlin' | 'simplex'; seed: number; options: Partial<FbmOptions> }[] = [
  { source: 'perlin', seed: 42, options: {} },
  { source: 'perlin', seed: -7, options: { octaves: 6, persistence: 0.5, lacunarity: 2, frequency: 1 / 384 } },
  { source: 'perlin', seed: 99, options: { octaves: 16, persistence: 0.7, lacunarity: 2.3, frequency: 1 / 37 } },
  { source: 'perlin', seed: 3, options: { octaves: 3, persistence: 0.35, lacunarity: 3.7, frequency: 0.11 } },
  { source: 'simplex', seed: 42, options: { octaves: 6, persistence: 0.5, lacunarity: 2, frequency: 1 / 384 } },
];
