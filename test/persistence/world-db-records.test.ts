import { describe, expect, it } from 'vitest';
import { readStoredParams } from '../../src/persistence/world-db-records';
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
