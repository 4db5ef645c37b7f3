/**
 * The shader decodes exactly what the mesher packs: every field's shift and mask reaches
 * the shader as a #define taken from VERTEX_FIELDS, and no layout number is written in
 * the GLSL itself.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { MATERIAL_FIELDS, packMaterial, packVertex, unpackVertex, VERTEX_FIELDS } from '../../src/mesh/vertex-format';
import { createVoxelMaterial, LIGHT_FLOOR, LIGHT_LEVELS, setDaylight, TILE_LEAVES } from '../../src/render/voxel-material';
import { Tile, TILE_COUNT } from '../../src/world';

describe('voxel material and the vertex format', () => {
  const tiles = new THREE.DataArrayTexture(new Uint8Array(4), 1, 1, 1);
  const material = createVoxelMaterial({ tiles, translucent: false });

  it('defines every field of the packed vertex and the material, with the values the mesher packs with', () => {
    const fields = Object.entries(VERTEX_FIELDS);
    expect(fields.length).toBe(7);
    for (const [prefix, table] of [['VERTEX', VERTEX_FIELDS], ['MATERIAL', MATERIAL_FIELDS]] as const) {
      for (const [name, f] of Object.entries(table)) {
        const upper = `${prefix}_${name.toUpperCase()}`;
        expect(material.defines[`${upper}_SHIFT`]).toBe(`${f.shift}u`);
        expect(material.defines[`${upper}_MASK`]).toBe(`${f.mask}u`);
        expect(material.vertexShader).toContain(`${upper}_SHIFT`);
        expect(material.vertexShader).toContain(`${upper}_MASK`);
      }
    }
  });

  it('light levels run from the floor to 1, each darker than the next', () => {
    expect(LIGHT_LEVELS).toHaveLength(16);
    expect(LIGHT_LEVELS[0]).toBeCloseTo(LIGHT_FLOOR, 12);
    expect(LIGHT_LEVELS[15]).toBeCloseTo(1, 12);
    for (let l = 1; l < 16; l++) expect(LIGHT_LEVELS[l]!).toBeGreaterThan(LIGHT_LEVELS[l - 1]!);
  });

  it('the cut-out material tests alpha with alpha to coverage; the others do not', () => {
    const cutout = createVoxelMaterial({ tiles, translucent: false, cutout: true });
    expect(cutout.alphaToCoverage).toBe(true);
    expect(cutout.defines.CUTOUT).toBeDefined();
    expect(material.alphaToCoverage).toBe(false);
    expect(material.defines.CUTOUT).toBeUndefined();
  });

  it('writes no shift or mask as a literal in the GLSL', () => {
    expect(material.vertexShader).not.toMatch(/>>\s*\d+u/);
    expect(material.vertexShader).not.toMatch(/&\s*\d+u/);
  });

  it('the fields fill the vertex word without overlap, fineX and fineZ share the tint byte, and pack/unpack round-trip', () => {
    let used = 0;
    for (const f of Object.values(VERTEX_FIELDS)) {
      const bits = (f.mask << f.shift) >>> 0;
      expect(used & bits).toBe(0);
      used = (used | bits) >>> 0;
    }
    expect(used).toBe(0xffffffff);
    const { tile, tint, fineX, fineZ, blockLight } = MATERIAL_FIELDS;
    expect(((fineX.mask << fineX.shift) | (fineZ.mask << fineZ.shift)) >>> 0).toBe(tint.mask << tint.shift);
    expect((tile.mask << tile.shift) | (tint.mask << tint.shift)).toBe(0xffff);
    // Block light sits above the uint16 far terrain keeps: there it reads 0.
    expect(blockLight.shift).toBeGreaterThanOrEqual(16);
    for (const v of [
      // Tinted tile (grass top): the byte is a climate.
      { x: 16, y: 256, z: 9, face: 5, ao: 3, light: 15, blockLight: 0, tile: Tile.GrassTop, tint: 255, fineX: 0, fineY: 0, fineZ: 0 },
      { x: 0, y: 0, z: 16, face: 0, ao: 0, light: 0, blockLight: 15, tile: 0, tint: 0, fineX: 0, fineY: 0, fineZ: 0 },
      // Untinted (stone): the byte is fineX | fineZ << 4.
      { x: 7, y: 100, z: 3, face: 2, ao: 1, light: 9, blockLight: 6, tile: Tile.Stone, tint: 0x9c, fineX: 12, fineY: 0, fineZ: 9 },
    ]) {
      expect(unpackVertex(packVertex(v.x, v.y, v.z, v.face, v.ao, v.light), packMaterial(v.tile, v.tint, v.blockLight))).toEqual(v);
    }
    const fine = packVertex(1, 2, 3, 0, 0, 0) + 8 * 2 ** VERTEX_FIELDS.fineY.shift;
    expect(unpackVertex(fine).fineY).toBe(8);
  });

  it('includes three\'s batching chunks and moves the vertex by the batching matrix before the view', () => {
    expect(material.vertexShader).toContain('#include <batching_pars_vertex>');
    expect(material.vertexShader).toContain('#include <batching_vertex>');
    const batching = material.vertexShader.indexOf('placed = batchingMatrix * placed');
    expect(batching).toBeGreaterThan(0);
    expect(material.vertexShader.indexOf('modelViewMatrix * placed')).toBeGreaterThan(batching);
    // Fog is measured from the view-space position, which includes the batching matrix.
    expect(material.vertexShader).toMatch(/transpose\(mat3\(viewMatrix\)\) \* mvPosition/);
  });

  it('the LOD variant defines LOD and the mask size, binds the mask uniforms, and is named apart', () => {
    const lod = createVoxelMaterial({ tiles, translucent: false, lod: true });
    const lodWater = createVoxelMaterial({ tiles, translucent: true, lod: true });
    expect(lod.defines.LOD).toBeDefined();
    expect(lod.defines.MASK_SIZE).toBe('128');
    expect(lod.defines.MASK_REACH).toBe('64');
    expect(lod.uniforms.fullDetailMask).toBeDefined();
    expect(lod.uniforms.fullDetailCenter).toBeDefined();
    expect(lod.name).toBe('voxel-lod-opaque');
    expect(lodWater.name).toBe('voxel-lod-water');
    expect(lodWater.transparent).toBe(true);
    expect(material.defines.LOD).toBeUndefined();
    expect(material.uniforms.fullDetailMask).toBeUndefined();
    expect(lod.fragmentShader).toContain('#ifdef LOD');
    expect(lod.fragmentShader).toMatch(/texelFetch\(fullDetailMask, column & \(MASK_SIZE - 1\), 0\)/);
  });

  it('far terrain (plain or masked) draws leaves solid and shaded; columns do not; distant cut-out leaves fade to solid', () => {
    const far = createVoxelMaterial({ tiles, translucent: false, far: true });
    const lod = createVoxelMaterial({ tiles, translucent: false, lod: true });
    expect(far.defines.FAR_TERRAIN).toBeDefined();
    expect(far.defines.LOD).toBeUndefined();
    expect(far.name).toBe('voxel-far-opaque');
    expect(lod.defines.FAR_TERRAIN).toBeDefined();
    expect(material.defines.FAR_TERRAIN).toBeUndefined();
    expect(material.vertexShader).toMatch(/#ifdef FAR_TERRAIN[\s\S]*vLeaves > 0\.5\) vTint \*= FAR_LEAVES_SHADE/);
    // The cut-out pass turns solid (alpha 1) from FAR_LEAVES_MIP on, with the same shade.
    const cutout = createVoxelMaterial({ tiles, translucent: false, cutout: true });
    expect(cutout.fragmentShader).toMatch(/smoothstep\(FAR_LEAVES_MIP, FAR_LEAVES_MIP \+ 1\.0, mip\)[\s\S]*alpha = mix\(alpha, 1\.0, solid\)[\s\S]*FAR_LEAVES_SHADE/);
    expect(Number(cutout.defines.FAR_LEAVES_SHADE)).toBeLessThan(1);
    expect(Number(cutout.defines.FAR_LEAVES_SHADE)).toBeGreaterThan(0.5);
  });

  it('the opaque passes (columns and far terrain) write alpha 1, so far leaves drawn there never let the page through', () => {
    const far = createVoxelMaterial({ tiles, translucent: false, far: true });
    const cutout = createVoxelMaterial({ tiles, translucent: false, cutout: true });
    const water = createVoxelMaterial({ tiles, translucent: true, far: true });
    expect(material.defines.SOLID).toBeDefined();
    expect(far.defines.SOLID).toBeDefined();
    expect(cutout.defines.SOLID).toBeUndefined();
    expect(water.defines.SOLID).toBeUndefined();
    expect(material.fragmentShader).toMatch(/#ifdef SOLID\s+(\/\/[^\n]*\s+)*alpha = 1\.0;/);
  });

  it('TILE_LEAVES marks the three leaves, not grass, stone or water, nor the other cut-outs (glass, plants, the door and its planks)', () => {
    expect(TILE_LEAVES).toHaveLength(TILE_COUNT);
    for (const t of [Tile.Leaves, Tile.BirchLeaves, Tile.SpruceLeaves]) expect(TILE_LEAVES[t], `tile ${t}`).toBe(1);
    for (const t of [Tile.GrassTop, Tile.GrassSide, Tile.Stone, Tile.Water, Tile.Snow, Tile.Dirt, Tile.Glass, Tile.TallGrass, Tile.Poppy, Tile.DoorTop, Tile.OakPlanks]) {
      expect(TILE_LEAVES[t], `tile ${t}`).toBe(0);
    }
  });

  it('the time of day scales the skylight term alone, through a uniform (no re-mesh), full by default; torch light is not scaled', () => {
    const m = createVoxelMaterial({ tiles, translucent: false });
    expect(m.uniforms.daylight!.value).toBe(1);
    setDaylight(m, 0.2);
    expect(m.uniforms.daylight!.value).toBe(0.2);
    expect(m.vertexShader).toContain('uniform float daylight;');
    expect(m.vertexShader).toMatch(/vec3 skyTerm = \(ambient \+ sunColor \* [^;]*\) \* skylight \* daylight;/);
    expect(m.vertexShader).toContain('vLight = max(skyTerm, TORCH_LIGHT_COLOR * blockLight) * ao;');
    expect(m.vertexShader).not.toMatch(/blockLight[^;\n]*daylight/);
  });
});
