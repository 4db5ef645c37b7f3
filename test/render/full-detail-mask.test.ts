/**
 * The full-detail mask: toroidal texels (negative columns included), the window around the
 * center that breaks ties between columns 128 apart, and binding to a LOD material.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { FullDetailMask, MASK_REACH, MASK_SIZE } from '../../src/render/full-detail-mask';
import { createVoxelMaterial } from '../../src/render/voxel-material';

describe('full-detail mask', () => {
  it('addresses column (cx, cz) at texel (cx mod 128, cz mod 128), negatives wrapping', () => {
    expect(FullDetailMask.texelOf(0, 0)).toBe(0);
    expect(FullDetailMask.texelOf(5, 3)).toBe(3 * MASK_SIZE + 5);
    expect(FullDetailMask.texelOf(-1, 0)).toBe(127);
    expect(FullDetailMask.texelOf(0, -1)).toBe(127 * MASK_SIZE);
    expect(FullDetailMask.texelOf(130, -130)).toBe(FullDetailMask.texelOf(2, -2));
    expect(FullDetailMask.texelOf(-62_500, 125_000)).toBe(FullDetailMask.texelOf(-62_500 + 128 * 7, 125_000 - 128 * 3));
  });

  it('reads a column as loaded only within 64 columns of the center, so aliases never collide', () => {
    const mask = new FullDetailMask();
    mask.setCenter(1000, -2000);
    mask.setLoaded(1010, -2010, true);
    expect(mask.isLoaded(1010, -2010)).toBe(true);
    // The same texel, 128 columns away: outside the window, not loaded.
    expect(mask.isLoaded(1010 - 128, -2010)).toBe(false);
    expect(mask.isLoaded(1010, -2010 + 128)).toBe(false);
    mask.setLoaded(1000 + MASK_REACH - 1, -2000, true);
    expect(mask.isLoaded(1000 + MASK_REACH - 1, -2000)).toBe(true);
    mask.setCenter(999, -2000);
    expect(mask.isLoaded(1000 + MASK_REACH - 1, -2000)).toBe(false);
    mask.setLoaded(1010, -2010, false);
    mask.setCenter(1000, -2000);
    expect(mask.isLoaded(1010, -2010)).toBe(false);
    mask.dispose();
    mask.dispose();
  });

  it('marks the texture for upload only when a texel changes, and never for a new center', () => {
    const mask = new FullDetailMask();
    const version = () => mask.texture.version;
    const v0 = version();
    mask.setLoaded(3, 4, true);
    const v1 = version();
    expect(v1).toBeGreaterThan(v0);
    mask.setLoaded(3, 4, true);
    mask.setCenter(50, 50);
    expect(version()).toBe(v1);
    expect(mask.gpuBytes).toBe(128 * 128);
  });

  it('binds a LOD material to its texture and, by reference, its center', () => {
    const tiles = new THREE.DataArrayTexture(new Uint8Array(4), 1, 1, 1);
    const lod = createVoxelMaterial({ tiles, translucent: false, lod: true });
    const mask = new FullDetailMask();
    mask.bind(lod);
    mask.setCenter(-7, 9);
    expect(lod.uniforms.fullDetailMask!.value).toBe(mask.texture);
    expect((lod.uniforms.fullDetailCenter!.value as THREE.Vector2).toArray()).toEqual([-7, 9]);
    expect(() => mask.bind(createVoxelMaterial({ tiles, translucent: false }))).toThrow(/not a LOD/);
  });
});
