/**
 * Block textures: assets/atlas.png is a horizontal strip of 16x16 tiles (painted by
 * scripts/paint-atlas.ts). Each tile becomes one layer of a texture array, so merged
 * quads can repeat a tile with plain REPEAT wrapping and mipmaps cannot bleed across tiles.
 */
import * as THREE from 'three';

export const TILE_SIZE = 16;

/** Builds the texture array from decoded RGBA atlas pixels (width = tiles * 16, height 16). */
export function createTileTexture(pixels: Uint8ClampedArray | Uint8Array, atlasWidth: number, tileCount: number, maxAnisotropy: number): THREE.DataArrayTexture {
  const layerBytes = TILE_SIZE * TILE_SIZE * 4;
  const data = new Uint8Array(layerBytes * tileCount);
  for (let t = 0; t < tileCount; t++) {
    for (let y = 0; y < TILE_SIZE; y++) {
      const src = (y * atlasWidth + t * TILE_SIZE) * 4;
      data.set(pixels.subarray(src, src + TILE_SIZE * 4), t * layerBytes + y * TILE_SIZE * 4);
    }
  }
  const texture = new THREE.DataArrayTexture(data, TILE_SIZE, TILE_SIZE, tileCount);
  texture.format = THREE.RGBAFormat;
  texture.type = THREE.UnsignedByteType;
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.wrapS = THREE.RepeatWrapping;
  texture.wrapT = THREE.RepeatWrapping;
  // Crisp pixels up close, trilinear + anisotropic far away (no shimmer at grazing angles).
  texture.magFilter = THREE.NearestFilter;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  texture.generateMipmaps = true;
  texture.anisotropy = maxAnisotropy;
  texture.needsUpdate = true;
  return texture;
}
