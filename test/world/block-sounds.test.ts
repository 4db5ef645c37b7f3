import { describe, expect, it } from 'vitest';
import { Block, BLOCK_COUNT, BLOCK_NAMES } from '../../src/world';
import { SOUND_MATERIALS, soundMaterialOf } from '../../src/world/block-sounds';

describe('block sound materials', () => {
  it('gives every block id a known material, and only air none', () => {
    for (let id = 0; id < BLOCK_COUNT; id++) {
      expect(SOUND_MATERIALS, BLOCK_NAMES[id]).toContain(soundMaterialOf(id));
      if (id !== Block.Air) expect(soundMaterialOf(id), BLOCK_NAMES[id]).not.toBe('none');
    }
    expect(soundMaterialOf(Block.Air)).toBe('none');
  });

  it('sounds the surfaces walked on as the issue names them', () => {
    expect(soundMaterialOf(Block.Grass)).toBe('grass');
    expect(soundMaterialOf(Block.Sand)).toBe('sand');
    expect(soundMaterialOf(Block.Stone)).toBe('stone');
    expect(soundMaterialOf(Block.Snow)).toBe('snow');
    expect(soundMaterialOf(Block.OakPlanks)).toBe('wood');
    expect(soundMaterialOf(Block.Gravel)).toBe('gravel');
    expect(soundMaterialOf(Block.Water)).toBe('water');
  });

  it('reads later blocks by name: slabs and stairs by what they are made of, plants as grass, wool as cloth', () => {
    const id = (name: string) => BLOCK_NAMES.indexOf(name);
    expect(soundMaterialOf(id('stone slab'))).toBe('stone');
    expect(soundMaterialOf(id('oak stairs'))).toBe('wood');
    expect(soundMaterialOf(id('oak door'))).toBe('wood');
    expect(soundMaterialOf(id('tall grass'))).toBe('grass');
    expect(soundMaterialOf(id('red wool'))).toBe('cloth');
    expect(soundMaterialOf(Block.Sandstone)).toBe('stone');
    expect(soundMaterialOf(9999)).toBe('stone');
  });
});
