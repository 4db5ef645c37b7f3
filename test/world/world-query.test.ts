import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD_PARAMS, readQueryPosition, readWorldQuery, writeWorldQuery, type WorldParams } from '../../src/world';

describe('world query (links shared by the game and the lab)', () => {
  it('round-trips every parameter, writing shape values only where they differ from the defaults', () => {
    const params: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'a b&c', noise: 'simplex', style: 'ridged', octaves: 3, persistence: 0.61, scale: 300 };
    const query = new URLSearchParams();
    writeWorldQuery(params, query);
    expect([...query.keys()].sort()).toEqual(['noise', 'oct', 'pers', 'scale', 'seed', 'style', 'type']);
    const back = readWorldQuery(new URLSearchParams(query.toString()));
    expect(back).toEqual({ params, warnings: [] });
  });

  it('ignores non-numbers and clamps out-of-range numbers, saying so', () => {
    const { params, warnings } = readWorldQuery(new URLSearchParams('oct=lots&amp=999&pers=&noise=fractal'));
    // The query names a world without a type: a link from before world types, a classic world.
    expect(params).toEqual({ ...DEFAULT_WORLD_PARAMS, type: 'classic', amplitude: 127 });
    expect(warnings.join('\n')).toMatch(/oct="lots" is not a number/);
    expect(warnings.join('\n')).toMatch(/pers="" is not a number/);
    expect(warnings.join('\n')).toMatch(/amplitude 999 is outside 0..127/);
    expect(warnings.join('\n')).toMatch(/noise must be one of perlin, simplex/);
  });

  it('reads a world type, and gives the default type (biomes) to a query that names no world', () => {
    for (const type of ['classic', 'biomes', 'flat'] as const) expect(readWorldQuery(new URLSearchParams(`type=${type}&seed=a`)).params.type).toBe(type);
    expect(readWorldQuery(new URLSearchParams('x=4')).params).toEqual(DEFAULT_WORLD_PARAMS);
    const bad = readWorldQuery(new URLSearchParams('type=amplified&seed=a'));
    expect(bad.params.type).toBe('biomes');
    expect(bad.warnings.join('\n')).toMatch(/type must be one of classic, biomes, flat/);
    expect(readWorldQuery(new URLSearchParams('type=biomes&biome=2.5')).params.biomeScale).toBe(2.5);
  });

  it('reads coordinates within range and reports the rest', () => {
    const warnings: string[] = [];
    const position = readQueryPosition(new URLSearchParams('x=12.5&z=1e9&y=NaN'), ['x', 'y', 'z'] as const, warnings);
    expect(position).toEqual({ x: 12.5 });
    expect(warnings).toHaveLength(2);
  });
});
