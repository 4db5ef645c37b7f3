/**
 * The voxel shader. Vertices arrive as a packed uint32 and a uint32 (far terrain: uint16) material
 * (src/mesh/vertex-format.ts) and are decoded here; texture coordinates come from the
 * position, so merged quads tile their texture, and each tile is a layer of a texture array,
 * so mipmaps never bleed between tiles. Lighting is a hemisphere term plus a Lambert sun,
 * times the vertex's skylight level (LIGHT_LEVELS) scaled by the time of day (`daylight`, a
 * uniform: night needs no re-mesh), or the warm torch light of its block light level
 * (BLOCK_LIGHT_LEVELS) where that is brighter, times vertex AO; grass and leaves are
 * tinted by a climate colour map. Cut-out leaves are alpha-tested with alpha to coverage.
 * Fog and colour management use three.js's own shader chunks so the terrain fades exactly
 * into the sky.
 * Terrain is drawn with three's BatchedMesh (batched-pass.ts): under USE_BATCHING, which
 * three defines for a BatchedMesh, each vertex is moved by its item's matrix from three's
 * batching chunks before modelViewMatrix. The LOD variant (far terrain) also discards its
 * fragments over columns that are loaded at full detail (full-detail-mask.ts).
 * (No explicit GLSL3: three then declares the fragment output and `gl_FragColor` for us,
 * and WebGL 2 compiles it as GLSL ES 3.00 either way, which the uint decoding needs.)
 */
import * as THREE from 'three';
import { MATERIAL_FIELDS, VERTEX_FIELDS } from '../mesh/vertex-format';
import { MASK_REACH, MASK_SIZE } from './full-detail-mask';
import { BLOCK_FACE_TILE, FACE_COUNT, LEAF_BLOCKS, Tile, TILE_COUNT, TILE_TINT, TileTint } from '../world/blocks';
import { FOLIAGE_CORNERS, GRASS_CORNERS, type Rgb } from '../world/tint-colors';

/**
 * `VERTEX_X_SHIFT 0u`, `VERTEX_X_MASK 31u`, … and `MATERIAL_TILE_SHIFT`, …: the shader
 * decodes exactly what the mesher packs.
 */
const VERTEX_DEFINES: Record<string, string> = Object.fromEntries([
  ...Object.entries(VERTEX_FIELDS).flatMap(([name, f]) => [
    [`VERTEX_${name.toUpperCase()}_SHIFT`, `${f.shift}u`],
    [`VERTEX_${name.toUpperCase()}_MASK`, `${f.mask}u`],
  ]),
  ...Object.entries(MATERIAL_FIELDS).flatMap(([name, f]) => [
    [`MATERIAL_${name.toUpperCase()}_SHIFT`, `${f.shift}u`],
    [`MATERIAL_${name.toUpperCase()}_MASK`, `${f.mask}u`],
  ]),
  // The climate byte (src/world/biome.ts, climateTint): temperature << 4 | humidity.
  ['CLIMATE_TEMPERATURE_SHIFT', '4u'],
  ['CLIMATE_LEVEL_MASK', '15u'],
  ['TILE_COUNT', `${TILE_COUNT}`],
  ['GRASS_OVERLAY_TILE', `${Tile.GrassSideOverlay}.0`],
  ['TINT_GRASS', `${TileTint.Grass}`],
  ['TINT_FOLIAGE', `${TileTint.Foliage}`],
  ['TINT_GRASS_OVERLAY', `${TileTint.GrassOverlay}`],
  ['FAR_LEAVES_MIP', '1.0'],
  ['FAR_LEAVES_SHADE', '0.8'],
]);

/** Darkest a face gets (skylight 0): caves are dark, not pitch black. */
export const LIGHT_FLOOR = 0.05;
/**
 * Brightness per skylight level 0..15: 0.8^(15 - l) (each level 20% darker, as Minecraft's
 * curve roughly), rescaled so level 0 is LIGHT_FLOOR and level 15 is 1.
 */
export const LIGHT_LEVELS: readonly number[] = Array.from({ length: 16 }, (_, l) => {
  const dark = Math.pow(0.8, 15);
  return LIGHT_FLOOR + ((1 - LIGHT_FLOOR) * (Math.pow(0.8, 15 - l) - dark)) / (1 - dark);
});

/**
 * Brightness per block light level 0..15: the same curve as the skylight's, but from 0 (no
 * torch light adds nothing: the skylight's floor already keeps caves from pitch black).
 */
export const BLOCK_LIGHT_LEVELS: readonly number[] = Array.from({ length: 16 }, (_, l) => {
  const dark = Math.pow(0.8, 15);
  return l === 0 ? 0 : (Math.pow(0.8, 15 - l) - dark) / (1 - dark);
});

/**
 * Torch light's colour (linear): warm, as firelight is against the sky's white. It is not
 * scaled by the time of day: a torch-lit room looks the same at noon and at midnight.
 */
export const TORCH_LIGHT_COLOR: readonly [number, number, number] = [1.0, 0.78, 0.5];

function glslFloats(values: readonly number[]): string {
  return values.map((v) => (Number.isInteger(v) ? `${v}.0` : `${v}`)).join(', ');
}

/** The climate colour maps (src/world/tint-colors.ts) as linear-light GLSL constants, mixed bilinearly per vertex. */
function glslColors(name: string, corners: readonly Rgb[]): string {
  const linear = corners.map(([r, g, b]) => new THREE.Color().setRGB(r / 255, g / 255, b / 255, THREE.SRGBColorSpace));
  return `const vec3 ${name}[4] = vec3[4](${linear.map((c) => `vec3(${glslFloats([c.r, c.g, c.b])})`).join(', ')});`;
}

/**
 * Per tile, 1 when leaves show it (LEAF_BLOCKS): far terrain draws those solid and shaded as a
 * crown, and the cut-out pass turns them solid from afar. Not glass, plants or doors: their
 * holes are what they are.
 */
export const TILE_LEAVES: Uint8Array = (() => {
  const leaves = new Uint8Array(TILE_COUNT);
  for (const b of LEAF_BLOCKS) for (let f = 0; f < FACE_COUNT; f++) leaves[BLOCK_FACE_TILE[b * FACE_COUNT + f]!] = 1;
  return leaves;
})();

/** Tables the vertex shader indexes, written out from their JS sources. */
const SHADER_TABLES = `
const float LIGHT_LEVELS[16] = float[16](${glslFloats(LIGHT_LEVELS)});
const float BLOCK_LIGHT_LEVELS[16] = float[16](${glslFloats(BLOCK_LIGHT_LEVELS)});
const vec3 TORCH_LIGHT_COLOR = vec3(${glslFloats(TORCH_LIGHT_COLOR)});
const int TILE_TINT[TILE_COUNT] = int[TILE_COUNT](${Array.from(TILE_TINT).join(', ')});
const int TILE_LEAVES[TILE_COUNT] = int[TILE_COUNT](${Array.from(TILE_LEAVES).join(', ')});
${glslColors('GRASS_CORNERS', GRASS_CORNERS)}
${glslColors('FOLIAGE_CORNERS', FOLIAGE_CORNERS)}
`;

const vertexShader = /* glsl */ `
in uint packedVertex;
in uint material;

uniform vec3 sunDirection;
uniform vec3 sunColor;
uniform vec3 skyColor;
uniform vec3 groundColor;
// Day and night (day-sky.ts): scales the skylight term only, so the time of day needs no re-mesh.
uniform float daylight;

out vec3 vUv;
out vec3 vLight;
out vec3 vTint;
out float vOverlay;
// 1 on leaves (TILE_LEAVES): only they turn solid from afar in the cut-out pass.
flat out float vLeaves;
#ifdef LOD
  // Where the fragment is, relative to the object's origin (small, so exact in float32),
  // and the column that origin is in: together the fragment's world column, exact at any
  // distance from the world origin, where a world-space float varying would step by blocks.
  out vec2 vMaskXZ;
  flat out ivec2 vOriginColumn;
#endif

#include <batching_pars_vertex>
#include <fog_pars_vertex>
${SHADER_TABLES}
/** Bilinear in (temperature, humidity), each 0..15: corners cold-dry, cold-wet, hot-dry, hot-wet. */
vec3 climateColor(vec3 corners[4], uint tint) {
  float t = float((tint >> CLIMATE_TEMPERATURE_SHIFT) & CLIMATE_LEVEL_MASK) / 15.0;
  float h = float(tint & CLIMATE_LEVEL_MASK) / 15.0;
  return mix(mix(corners[0], corners[1], h), mix(corners[2], corners[3], h), t);
}

// The six cube faces, then a plant's cross (vertex-format.ts, CROSS_FACE), lit like the ground
// it grows from.
const vec3 NORMALS[7] = vec3[7](
  vec3(1.0, 0.0, 0.0), vec3(-1.0, 0.0, 0.0),
  vec3(0.0, 1.0, 0.0), vec3(0.0, -1.0, 0.0),
  vec3(0.0, 0.0, 1.0), vec3(0.0, 0.0, -1.0),
  vec3(0.0, 1.0, 0.0)
);
// AO 0 (a corner between two walls) .. 3 (open). Darker than linear so corners read well.
const float AO_CURVE[4] = float[4](0.42, 0.62, 0.8, 1.0);

void main() {
  vec3 local = vec3(
    float((packedVertex >> VERTEX_X_SHIFT) & VERTEX_X_MASK),
    float((packedVertex >> VERTEX_Y_SHIFT) & VERTEX_Y_MASK),
    float((packedVertex >> VERTEX_Z_SHIFT) & VERTEX_Z_MASK)
  );
  uint face = min((packedVertex >> VERTEX_FACE_SHIFT) & VERTEX_FACE_MASK, 6u);
  float ao = AO_CURVE[(packedVertex >> VERTEX_AO_SHIFT) & VERTEX_AO_MASK];
  float skylight = LIGHT_LEVELS[(packedVertex >> VERTEX_LIGHT_SHIFT) & VERTEX_LIGHT_MASK];
  float blockLight = BLOCK_LIGHT_LEVELS[(material >> MATERIAL_BLOCKLIGHT_SHIFT) & MATERIAL_BLOCKLIGHT_MASK];
  uint tileIndex = (material >> MATERIAL_TILE_SHIFT) & MATERIAL_TILE_MASK;
  uint climate = (material >> MATERIAL_TINT_SHIFT) & MATERIAL_TINT_MASK;
  float tile = float(tileIndex);
  vec3 normal = NORMALS[face];

  int tintClass = TILE_TINT[min(tileIndex, uint(TILE_COUNT - 1))];
  vTint = tintClass == TINT_FOLIAGE ? climateColor(FOLIAGE_CORNERS, climate)
    : tintClass == 0 ? vec3(1.0) : climateColor(GRASS_CORNERS, climate);
  vOverlay = tintClass == TINT_GRASS_OVERLAY ? 1.0 : 0.0;
  vLeaves = float(TILE_LEAVES[min(tileIndex, uint(TILE_COUNT - 1))]);
  // Shapes sit on sixteenths: fineY always, fineX and fineZ in the tint byte of untinted tiles.
  float fineY = float((packedVertex >> VERTEX_FINEY_SHIFT) & VERTEX_FINEY_MASK);
  vec2 fineXZ = tintClass == 0
    ? vec2(float((material >> MATERIAL_FINEX_SHIFT) & MATERIAL_FINEX_MASK), float((material >> MATERIAL_FINEZ_SHIFT) & MATERIAL_FINEZ_MASK))
    : vec2(0.0);
  local += vec3(fineXZ.x, fineY, fineXZ.y) / 16.0;
  #ifdef FAR_TERRAIN
    // Far terrain draws leaves solid (no cut-out pass): as dark as full-detail leaves at a
    // distance (the fragment shader's FAR_LEAVES_SHADE), so a canopy keeps its colour where
    // the full-detail disc ends.
    if (vLeaves > 0.5) vTint *= FAR_LEAVES_SHADE;
  #endif

  // Texture space: u across the face as seen from outside, v up the side faces. Local
  // (not world) coordinates keep full precision far from the origin; the column origin is
  // a multiple of 16, so the pattern is the same.
  vec2 uv;
  if (face == 0u) uv = vec2(-local.z, -local.y);
  else if (face == 1u) uv = vec2(local.z, -local.y);
  else if (face == 4u) uv = vec2(local.x, -local.y);
  else if (face == 5u) uv = vec2(-local.x, -local.y);
  else if (face == 6u) uv = vec2(local.x, -local.y);
  else uv = local.xz;
  vUv = vec3(uv, tile);

  float hemi = normal.y * 0.5 + 0.5;
  vec3 ambient = mix(groundColor, skyColor, hemi);
  vec3 skyTerm = (ambient + sunColor * max(dot(normal, sunDirection), 0.0)) * skylight * daylight;
  // Torch light and skylight as Minecraft combines them: the brighter of the two, so a torch
  // adds nothing in full daylight and rules a cave; torch light is not scaled by the time.
  vLight = max(skyTerm, TORCH_LIGHT_COLOR * blockLight) * ao;

  // In a BatchedMesh, the item's matrix places it relative to the object (whose own
  // position, near the camera, is in modelViewMatrix): see batched-layer.ts on precision.
  vec4 placed = vec4(local, 1.0);
  #include <batching_vertex>
  #ifdef USE_BATCHING
    placed = batchingMatrix * placed;
  #endif
  vec4 mvPosition = modelViewMatrix * placed;
  gl_Position = projectionMatrix * mvPosition;
  #ifdef LOD
    // A hair inside the face, so a wall on a column border counts in the column of the
    // solid it bounds, not in its neighbour. The object's origin is a whole number of
    // columns (batched-layer.ts), so its translation is exact in float32.
    vMaskXZ = placed.xz - normal.xz * 0.01;
    vOriginColumn = ivec2(floor(modelMatrix[3].xz / 16.0 + 0.5));
  #endif
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
in vec3 vTint;
in float vOverlay;
flat in float vLeaves;
#ifdef LOD
  uniform sampler2D fullDetailMask;
  uniform ivec2 fullDetailCenter;
  in vec2 vMaskXZ;
  flat in ivec2 vOriginColumn;
#endif

#include <fog_pars_fragment>

void main() {
  #ifdef LOD
    // Where a column is loaded at full detail, it is drawn: the far terrain gives way.
    // Texels are toroidal (column mod MASK_SIZE); a column MASK_REACH or more from the
    // camera's column on either axis is never loaded, so two columns that share a texel
    // are never both in the window.
    ivec2 column = vOriginColumn + ivec2(floor(vMaskXZ / 16.0));
    ivec2 offset = abs(column - fullDetailCenter);
    if (max(offset.x, offset.y) < MASK_REACH && texelFetch(fullDetailMask, column & (MASK_SIZE - 1), 0).r > 0.5) discard;
  #endif
  vec4 texel = texture(tiles, vUv);
  vec3 color;
  if (vOverlay > 0.5) {
    // Grass sides: the untinted dirt tile, with the tinted grass fringe laid over it.
    vec4 fringe = texture(tiles, vec3(vUv.xy, GRASS_OVERLAY_TILE));
    color = mix(texel.rgb, fringe.rgb * vTint, fringe.a);
  } else {
    color = texel.rgb * vTint;
  }
  float alpha = texel.a;
  #ifdef SOLID
    // The opaque pass writes alpha 1 whatever the texel's: far terrain draws leaves here, and
    // their holes' alpha 0 reached the canvas, which the page then showed through as pale
    // speckles: distant canopies looked washed out and see-through.
    alpha = 1.0;
  #endif
  #ifdef CUTOUT
    // Alpha test that survives the distance (Ben Golus, "Anti-aliased Alpha Test"): scale
    // alpha up with the mip level, so averaged-down mips keep their coverage instead of
    // dissolving, then sharpen it to about one pixel of ramp for alpha to coverage. Without
    // multisampling this is a plain test at 0.5.
    vec2 texel_uv = vUv.xy * 16.0;
    vec2 ddx = dFdx(texel_uv);
    vec2 ddy = dFdy(texel_uv);
    float mip = max(0.0, 0.5 * log2(max(dot(ddx, ddx), dot(ddy, ddy))));
    alpha *= 1.0 + mip * 0.25;
    alpha = clamp((alpha - 0.5) / max(fwidth(alpha), 0.0001) + 0.5, 0.0, 1.0);
    // Far away a leaf block is a few pixels and its holes are under one: the test above then
    // flickers between texels and the partial coverage lets the sky through, so a distant
    // canopy looked pale and see-through. From FAR_LEAVES_MIP on it fades to solid, in the
    // mip's average colour, darkened as much as the shaded leaves seen through the holes
    // darken a canopy up close. Level-1 far terrain draws its canopies this way too.
    float solid = vLeaves * smoothstep(FAR_LEAVES_MIP, FAR_LEAVES_MIP + 1.0, mip);
    alpha = mix(alpha, 1.0, solid);
    color *= mix(1.0, FAR_LEAVES_SHADE, solid);
    if (alpha < 0.02) discard;
  #endif
  gl_FragColor = vec4(color * vLight, alpha * opacity);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
  #include <fog_fragment>
}
`;

export interface VoxelMaterialOptions {
  tiles: THREE.DataArrayTexture;
  /** Water: blended, no depth writes, both sides (visible from below the surface). */
  translucent: boolean;
  /**
   * Leaves: alpha-tested with alpha to coverage (the renderer is antialiased), front faces
   * only: the faces between leaf blocks are kept, so a hole shows the next block's face.
   */
  cutout?: boolean;
  /**
   * Far terrain (LOD): discards fragments over columns loaded at full detail, as the mask
   * says (bind one with FullDetailMask's `bind`).
   */
  lod?: boolean;
  /** Far terrain, masked (`lod`) or not: its leaves are solid, shaded as distant cut-out leaves are. */
  far?: boolean;
}

export type VoxelMaterial = THREE.ShaderMaterial;

export function createVoxelMaterial({ tiles, translucent, cutout = false, lod = false, far = lod }: VoxelMaterialOptions): VoxelMaterial {
  const pass = translucent ? 'water' : cutout ? 'cutout' : 'opaque';
  const material = new THREE.ShaderMaterial({
    name: lod ? `voxel-lod-${pass}` : far ? `voxel-far-${pass}` : `voxel-${pass}`,
    defines: {
      ...VERTEX_DEFINES,
      ...(cutout ? { CUTOUT: '' } : translucent ? {} : { SOLID: '' }),
      ...(far ? { FAR_TERRAIN: '' } : {}),
      ...(lod ? { LOD: '', MASK_SIZE: `${MASK_SIZE}`, MASK_REACH: `${MASK_REACH}` } : {}),
    },
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
        daylight: { value: 1 },
        ...(lod ? { fullDetailMask: { value: null }, fullDetailCenter: { value: new THREE.Vector2() } } : {}),
      },
    ]),
    fog: true,
    transparent: translucent,
    depthWrite: !translucent,
    side: translucent ? THREE.DoubleSide : THREE.FrontSide,
    alphaToCoverage: cutout,
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

/** How much of the sky's light reaches the terrain now (1 by day, the moonlit floor at night: sky-palette.ts). */
export function setDaylight(material: VoxelMaterial, daylight: number): void {
  material.uniforms.daylight!.value = daylight;
}
