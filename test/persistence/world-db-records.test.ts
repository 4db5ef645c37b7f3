import { describe, expect, it } from 'vitest';
import { readColumnRecord, readStoredParams } from '../../src/persistence/world-db-records';
import { DEFAULT_WORLD_PARAMS } from '../../src/world';

describe('readStoredParams', () => {
  it('reads a record saved before world types (no type, no biome size) as the classic world it was', () => {
    const { type: _type, biomeScale: _scale, ...legacy } = DEFAULT_WORLD_PARAMS;
    expect(readStoredParams(legacy)).toEqual({ ...DEFAULT_WORLD_PARAMS, type: 'classic', biomeScale: 1 });
  });

  it('keeps a stored type, and refuses a record missing another field or holding a value the game never stores', () => {
    expect(readStoredParams({ ...DEFAULT_WORLD_PARAMS, type: 'flat' })?.type).toBe('flat');
    const { biomeScale: _scale, ...noScale } = DEFAULT_WORLD_PARAMS;
    expect(readStoredParams(noScale)).toBeNull();
    expect(readStoredParams({ ...DEFAULT_WORLD_PARAMS, type: 'amplified' })).toBeNull();
    expect(readStoredParams({ ...DEFAULT_WORLD_PARAMS, biomeScale: 99 })).toBeNull();
  });
});

describe('readColumnRecord', () => {
  const edits = new Uint8Array(12);

  it('reads a record without a packing as packing 1 (written under schema 2), and keeps a stated one', () => {
    expect(readColumnRecord({ world: 'w', cx: 1, cz: -2, edits }, 'w')).toEqual({ world: 'w', cx: 1, cz: -2, edits, packing: 1 });
    expect(readColumnRecord({ world: 'w', cx: 1, cz: -2, edits, packing: 2 }, 'w')).toEqual({ world: 'w', cx: 1, cz: -2, edits, packing: 2 });
  });

  it('refuses a packing this build does not know', () => {
    for (const packing of [0, 3, '2', null, 2.5]) expect(readColumnRecord({ world: 'w', cx: 1, cz: -2, edits, packing }, 'w'), String(packing)).toBeNull();
  });
});
