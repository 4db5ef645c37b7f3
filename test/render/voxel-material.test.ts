/**
 * The shader decodes exactly what the mesher packs: every field's shift and mask reaches
 * the shader as a #define taken from VERTEX_FIELDS, and no layout number is written in
 * the GLSL itself.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { packVertex, unpackVertex, VERTEX_FIELDS } from '../../src/mesh/vertex-format';
import { createVoxelMaterial } from '../../src/render/voxel-material';

describe('voxel material and the vertex format', () => {
  const tiles = new THREE.DataArrayTexture(new Uint8Array(4), 1, 1, 1);
  const material = createVoxelMaterial({ tiles, translucent: false });

  it('defines every field of the packed vertex, with the values the mesher packs with', () => {
    const fields = Object.entries(VERTEX_FIELDS);
    expect(fields.length).toBe(6);
    for (const [name, f] of fields) {
      const upper = name.toUpperCase();
      expect(material.defines[`VERTEX_${upper}_SHIFT`]).toBe(`${f.shift}u`);
      expect(material.defines[`VERTEX_${upper}_MASK`]).toBe(`${f.mask}u`);
      expect(material.vertexShader).toContain(`VERTEX_${upper}_SHIFT`);
      expect(material.vertexShader).toContain(`VERTEX_${upper}_MASK`);
    }
  });

  it('writes no shift or mask as a literal in the GLSL', () => {
    expect(material.vertexShader).not.toMatch(/>>\s*\d+u/);
    expect(material.vertexShader).not.toMatch(/&\s*\d+u/);
  });

  it('the fields tile the 32 bits without overlap, and pack/unpack round-trip', () => {
    let used = 0;
    for (const f of Object.values(VERTEX_FIELDS)) {
      const bits = (f.mask << f.shift) >>> 0;
      expect(used & bits).toBe(0);
      used = (used | bits) >>> 0;
    }
    expect(used).toBe(0xffffffff);
    const v = { x: 16, y: 256, z: 9, face: 5, ao: 3, tile: 255 };
    expect(unpackVertex(packVertex(v.x, v.y, v.z, v.face, v.ao, v.tile))).toEqual(v);
  });
});
