/** Which world controls each world type reads (the others are greyed out, as in the game's panel). */
import { describe, expect, it } from 'vitest';
import type { LabControl } from '../../src/lab/control-input';
import { controlUnusedBecause } from '../../src/lab/control-use';

const ALWAYS: LabControl[] = ['type', 'seed', 'noise', 'octaves', 'persistence', 'lacunarity', 'scale', 'seaLevel', 'x', 'z', 'cell', 'zoom'];

describe('controlUnusedBecause', () => {
  it('style only for classic worlds, biome size only for biomes, amplitude for all but flat', () => {
    const unused = (type: 'classic' | 'biomes' | 'flat') => (['style', 'biomeScale', 'amplitude'] as const).filter((c) => controlUnusedBecause(type, c) !== null);
    expect(unused('classic')).toEqual(['biomeScale']);
    expect(unused('biomes')).toEqual(['style']);
    expect(unused('flat')).toEqual(['style', 'biomeScale', 'amplitude']);
    expect(controlUnusedBecause('flat', 'style')).toBe('A flat world does not read this; only classic worlds do.');
  });

  it('every other control shapes the noise figures too, so it is used whatever the type', () => {
    for (const type of ['classic', 'biomes', 'flat'] as const) for (const c of ALWAYS) expect(controlUnusedBecause(type, c), `${type} ${c}`).toBeNull();
  });
});
