/**
 * The voxel shader. Vertices arrive as one packed uint32 (src/mesh/vertex-format.ts) and
 * are decoded here; texture coordinates come from the position, so merged quads tile their
 * texture, and each tile is a layer of a texture array, so mipmaps never bleed between
 * tiles. Lighting is a hemisphere term plus a Lambert sun, times vertex AO; fog and colour
 * management use three.js's own shader chunks so the terrain fades exactly into the sky.
 * (No explicit GLSL3: three then declares the fragment output and `gl_FragColor` for us,
 * and WebGL 2 compiles it as GLSL ES 3.00 either way, which the uint decoding needs.)
 */
import * as THREE from 'three';
import { VERTEX_FIELDS } from '../mesh/vertex-format';

/** `VERTEX_X_SHIFT 0u`, `VERTEX_X_MASK 31u`, …: the shader decodes exactly what the mesher packs. */
const VERTEX_DEFINES: Record<string, string> = Object.fromEntries(
  Object.entries(VERTEX_FIELDS).flatMap(([name, f]) => [
    [`VERTEX_${name.toUpperCase()}_SHIFT`, `${f.shift}u`],
    [`VERTEX_${name.toUpperCase()}_MASK`, `${f.mask}u`],
  ]),
);

const vertexShader = /* glsl */ `
in uint packedVertex;

uniform vec3 sunDirection;
uniform vec3 sunColor;
uniform vec3 skyColor;
uniform vec3 groundColor;

out vec3 vUv;
out vec3 vLight;

#include <fog_pars_vertex>

const vec3 NORMALS[6] = vec3[6](
  vec3(1.0, 0.0, 0.0), vec3(-1.0, 0.0, 0.0),
  vec3(0.0, 1.0, 0.0), vec3(0.0, -1.0, 0.0),
  vec3(0.0, 0.0, 1.0), vec3(0.0, 0.0, -1.0)
);
// AO 0 (a corner between two walls) .. 3 (open). Darker than linear so corners read well.
const float AO_CURVE[4] = float[4](0.42, 0.62, 0.8, 1.0);

void main() {
  vec3 local = vec3(
    float((packedVertex >> VERTEX_X_SHIFT) & VERTEX_X_MASK),
    float((packedVertex >> VERTEX_Y_SHIFT) & VERTEX_Y_MASK),
    float((packedVertex >> VERTEX_Z_SHIFT) & VERTEX_Z_MASK)
  );
  uint face = (packedVertex >> VERTEX_FACE_SHIFT) & VERTEX_FACE_MASK;
  float ao = AO_CURVE[(packedVertex >> VERTEX_AO_SHIFT) & VERTEX_AO_MASK];
  float tile = float((packedVertex >> VERTEX_TILE_SHIFT) & VERTEX_TILE_MASK);
  vec3 normal = NORMALS[face];

  // Texture space: u across the face as seen from outside, v up the side faces. Local
  // (not world) coordinates keep full precision far from the origin; the column origin is
  // a multiple of 16, so the pattern is the same.
  vec2 uv;
  if (face == 0u) uv = vec2(-local.z, -local.y);
  else if (face == 1u) uv = vec2(local.z, -local.y);
  else if (face == 4u) uv = vec2(local.x, -local.y);
  else if (face == 5u) uv = vec2(-local.x, -local.y);
  else uv = local.xz;
  vUv = vec3(uv, tile);

  float hemi = normal.y * 0.5 + 0.5;
  vec3 ambient = mix(groundColor, skyColor, hemi);
  vLight = (ambient + sunColor * max(dot(normal, sunDirection), 0.0)) * ao;

  vec4 mvPosition = modelViewMatrix * vec4(local, 1.0);
  gl_Position = projectionMatrix * mvPosition;
  #ifdef USE_FOG
    // Fog by horizontal distance, the same measure the streamer loads by, so the fog wall
    // sits exactly at the edge of the loaded disc whatever the camera height or pitch. The
    // camera-relative offset comes from the view-space position (rotated back to world
    // axes by the transposed view rotation), which stays exact far from the origin, where
    // world coordinates in float32 would step by blocks.
    vec3 offset = transpose(mat3(viewMatrix)) * mvPosition.xyz;
    vFogDepth = length(offset.xz);
  #endif
}
`;

const fragmentShader = /* glsl */ `
precision highp sampler2DArray;

uniform sampler2DArray tiles;
uniform float opacity;

in vec3 vUv;
in vec3 vLight;

#include <fog_pars_fragment>

void main() {
  vec4 texel = texture(tiles, vUv);
  gl_FragColor = vec4(texel.rgb * vLight, texel.a * opacity);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
  #include <fog_fragment>
}
`;

export interface VoxelMaterialOptions {
  tiles: THREE.DataArrayTexture;
  /** Water: blended, no depth writes, both sides (visible from below the surface). */
  translucent: boolean;
}

export type VoxelMaterial = THREE.ShaderMaterial;

export function createVoxelMaterial({ tiles, translucent }: VoxelMaterialOptions): VoxelMaterial {
  const material = new THREE.ShaderMaterial({
    name: translucent ? 'voxel-water' : 'voxel-opaque',
    defines: { ...VERTEX_DEFINES },
    vertexShader,
    fragmentShader,
    uniforms: THREE.UniformsUtils.merge([
      THREE.UniformsLib.fog,
      {
        tiles: { value: null },
        opacity: { value: translucent ? 0.82 : 1 },
        sunDirection: { value: new THREE.Vector3(0.4, 0.8, 0.3).normalize() },
        sunColor: { value: new THREE.Color(1, 1, 1) },
        skyColor: { value: new THREE.Color(0.6, 0.7, 0.8) },
        groundColor: { value: new THREE.Color(0.3, 0.3, 0.3) },
      },
    ]),
    fog: true,
    transparent: translucent,
    depthWrite: !translucent,
    side: translucent ? THREE.DoubleSide : THREE.FrontSide,
  });
  // UniformsUtils.merge clones values; a texture must be shared, not cloned.
  material.uniforms.tiles!.value = tiles;
  return material;
}

/** Copies the scene's sun and hemisphere light into a voxel material's uniforms. */
export function applyLighting(material: VoxelMaterial, sun: THREE.DirectionalLight, hemi: THREE.HemisphereLight): void {
  const u = material.uniforms;
  (u.sunDirection!.value as THREE.Vector3).copy(sun.position).sub(sun.target.position).normalize();
  (u.sunColor!.value as THREE.Color).copy(sun.color).multiplyScalar(sun.intensity);
  (u.skyColor!.value as THREE.Color).copy(hemi.color).multiplyScalar(hemi.intensity);
  (u.groundColor!.value as THREE.Color).copy(hemi.groundColor).multiplyScalar(hemi.intensity);
}
