/**
 * The material of the other players' figures: one flat colour lit exactly as the terrain is
 * (voxel-material.ts: a hemisphere term plus a Lambert sun, scaled by the time of day's
 * `daylight`) and fogged by horizontal distance as the terrain is. three's own lit materials
 * read the scene's lights but not `daylight`, so at night a figure would be five times
 * brighter than the ground it stands on. The light uniforms are the terrain's own objects,
 * shared by reference (WorldScene.lightUniforms), so the time of day reaches the figures with
 * no call of its own.
 */
import * as THREE from 'three';

/** The terrain's light, as the voxel materials hold it. */
export interface LightUniforms {
  sunDirection: THREE.IUniform<THREE.Vector3>;
  sunColor: THREE.IUniform<THREE.Color>;
  skyColor: THREE.IUniform<THREE.Color>;
  groundColor: THREE.IUniform<THREE.Color>;
  daylight: THREE.IUniform<number>;
}

/** The light uniforms of a voxel material (the same objects, not copies). */
export function lightUniformsOf(material: THREE.ShaderMaterial): LightUniforms {
  const u = material.uniforms as unknown as LightUniforms;
  return { sunDirection: u.sunDirection, sunColor: u.sunColor, skyColor: u.skyColor, groundColor: u.groundColor, daylight: u.daylight };
}

/** Daylight at noon, for a figure layer made without a scene (tests, tools). */
export function noonLight(): LightUniforms {
  return {
    sunDirection: { value: new THREE.Vector3(0.4, 0.8, 0.3).normalize() },
    sunColor: { value: new THREE.Color(0.9, 0.9, 0.85) },
    skyColor: { value: new THREE.Color(0.55, 0.62, 0.72) },
    groundColor: { value: new THREE.Color(0.3, 0.28, 0.26) },
    daylight: { value: 1 },
  };
}

const vertexShader = /* glsl */ `
uniform vec3 sunDirection;
uniform vec3 sunColor;
uniform vec3 skyColor;
uniform vec3 groundColor;
uniform float daylight;
varying vec3 vLight;
#include <fog_pars_vertex>

void main() {
  vec3 n = normalize(mat3(modelMatrix) * normal);
  vec3 ambient = mix(groundColor, skyColor, n.y * 0.5 + 0.5);
  vLight = (ambient + sunColor * max(dot(n, sunDirection), 0.0)) * daylight;
  vec4 mvPosition = modelViewMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * mvPosition;
  #ifdef USE_FOG
    // Horizontal distance, as the terrain's fog (voxel-material.ts), so a figure fades with the ground under it.
    vec3 offset = transpose(mat3(viewMatrix)) * mvPosition.xyz;
    vFogDepth = length(offset.xz);
  #endif
}
`;

const fragmentShader = /* glsl */ `
uniform vec3 color;
varying vec3 vLight;
#include <fog_pars_fragment>

void main() {
  gl_FragColor = vec4(color * vLight, 1.0);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
  #include <fog_fragment>
}
`;

/** A figure part's material: `rgb` (0xRRGGBB, sRGB) under the shared `light`. */
export function createFigureMaterial(rgb: number, light: LightUniforms): THREE.ShaderMaterial {
  const material = new THREE.ShaderMaterial({
    name: 'player-figure',
    vertexShader,
    fragmentShader,
    uniforms: { ...THREE.UniformsUtils.clone(THREE.UniformsLib.fog), color: { value: new THREE.Color(rgb) } },
    fog: true,
  });
  // After construction, and not through UniformsUtils (which clones): shared, so they follow the time of day.
  Object.assign(material.uniforms, light);
  return material;
}

/** Sets a figure material's colour (0xRRGGBB, sRGB). */
export function setFigureColour(material: THREE.ShaderMaterial, rgb: number): void {
  (material.uniforms.color!.value as THREE.Color).setHex(rgb);
}
