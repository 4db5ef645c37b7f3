/**
 * The sky, drawn as a sphere that follows the camera: a gradient from the horizon colour (the
 * fog colour, so terrain fading into the fog meets the sky without a seam) to the zenith, the
 * sun's disc and halo, a sunrise or sunset glow low on the sun's side, and at night a moon and
 * a starfield. Colours and directions come from the time of day (day-sky.ts).
 */
import * as THREE from 'three';

const vertexShader = /* glsl */ `
out vec3 vDirection;
void main() {
  vDirection = position;
  vec4 p = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  gl_Position = p.xyww; // on the far plane, whatever the sphere's radius
}
`;

const fragmentShader = /* glsl */ `
uniform vec3 horizonColor;
uniform vec3 zenithColor;
uniform vec3 sunDirection;
uniform vec3 moonDirection;
uniform vec3 glowColor;
uniform float glowStrength;
uniform float stars;
in vec3 vDirection;

// A hash of a lattice cell (Dave Hoskins' hash without sine): the same stars every frame.
vec3 hash33(vec3 p) {
  p = fract(p * vec3(0.1031, 0.1030, 0.0973));
  p += dot(p, p.yxz + 33.33);
  return fract((p.xxy + p.yxx) * p.zyx);
}

// Cells of about half a degree, one star in about one cell of fifty, each at its own place in
// its cell and of its own brightness: points of a pixel or two, fixed to the sky.
float starfield(vec3 d) {
  vec3 p = d * 110.0;
  vec3 cell = floor(p);
  vec3 h = hash33(cell);
  if (h.x < 0.98) return 0.0;
  vec3 centre = cell + 0.5 + (hash33(cell + 17.0) - 0.5) * 0.5;
  float dist = length(p - centre);
  float brightness = 0.35 + 0.65 * h.y * h.y;
  return brightness * smoothstep(0.32, 0.0, dist);
}

// The moon's face: pale, with a few soft darker seas, lit full.
vec3 moon(vec3 d) {
  float radius = 0.028;
  float c = dot(d, moonDirection);
  float edge = cos(radius);
  if (c < edge - 0.0004) return vec3(0.0);
  vec3 east = normalize(cross(vec3(0.0, 1.0, 0.0), moonDirection) + vec3(1e-4, 0.0, 0.0));
  vec3 north = cross(moonDirection, east);
  vec2 uv = vec2(dot(d, east), dot(d, north)) / radius;
  float seas = smoothstep(0.45, 0.2, length(uv - vec2(-0.25, 0.2)))
    + smoothstep(0.3, 0.1, length(uv - vec2(0.3, -0.15)))
    + 0.7 * smoothstep(0.25, 0.05, length(uv - vec2(0.05, -0.5)));
  float disc = smoothstep(edge - 0.0004, edge + 0.0004, c);
  return disc * vec3(0.92, 0.94, 1.0) * (1.0 - 0.28 * min(seas, 1.0));
}

void main() {
  vec3 d = normalize(vDirection);
  float up = clamp(d.y, 0.0, 1.0);
  vec3 color = mix(horizonColor, zenithColor, pow(up, 0.55));
  // Sunrise and sunset: a glow low over the horizon, strongest toward the sun.
  // The glow, stars and moon only when the time shows them: the branches are on uniforms, so
  // every pixel takes the same one, and by day the sky costs what it did before it had a night
  // (it covers much of the screen, and software renderers pay per pixel).
  if (glowStrength > 0.0) {
    vec2 across = normalize(d.xz + vec2(1e-5));
    vec2 sunFlat = normalize(sunDirection.xz + vec2(1e-5));
    float toward = pow(max(dot(across, sunFlat), 0.0), 3.0);
    float low = exp(-up * 7.0);
    color = mix(color, glowColor, clamp(glowStrength * (0.25 + 0.75 * toward) * low, 0.0, 1.0));
  }
  // Nothing of the sky shows under the horizon but its colour: no sun, moon or star there.
  float above = smoothstep(-0.01, 0.02, d.y);
  if (stars > 0.0) {
    float starShare = stars * smoothstep(0.0, 0.12, d.y);
    color += vec3(0.9, 0.93, 1.0) * starfield(d) * starShare;
    vec3 moonFace = moon(d);
    float moonDisc = max(moonFace.r, max(moonFace.g, moonFace.b));
    color = mix(color, moonFace, moonDisc * above);
    float moonHalo = max(dot(d, moonDirection), 0.0);
    color += vec3(0.5, 0.6, 0.8) * pow(moonHalo, 300.0) * 0.18 * stars * above;
  }
  float sun = max(dot(d, sunDirection), 0.0);
  vec3 sunColor = mix(vec3(1.0, 0.92, 0.75), glowColor, glowStrength * 0.5);
  color += sunColor * (pow(sun, 900.0) * 4.0 * above + pow(sun, 12.0) * 0.12 * (1.0 + glowStrength));
  gl_FragColor = vec4(color, 1.0);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
}
`;

/** What the sky shows at one time: linear colours (three's working space) and unit directions. */
export interface SkyDomeLook {
  horizon: THREE.Color;
  zenith: THREE.Color;
  glow: THREE.Color;
  glowStrength: number;
  stars: number;
  sun: THREE.Vector3;
  moon: THREE.Vector3;
}

export class SkyDome {
  readonly mesh: THREE.Mesh<THREE.SphereGeometry, THREE.ShaderMaterial>;
  private disposed = false;

  constructor() {
    const material = new THREE.ShaderMaterial({
      name: 'sky',
      vertexShader,
      fragmentShader,
      uniforms: {
        horizonColor: { value: new THREE.Color() },
        zenithColor: { value: new THREE.Color() },
        sunDirection: { value: new THREE.Vector3(0, 1, 0) },
        moonDirection: { value: new THREE.Vector3(0, -1, 0) },
        glowColor: { value: new THREE.Color() },
        glowStrength: { value: 0 },
        stars: { value: 0 },
      },
      side: THREE.BackSide,
      depthWrite: false,
      fog: false,
    });
    this.mesh = new THREE.Mesh(new THREE.SphereGeometry(1, 32, 16), material);
    this.mesh.name = 'sky';
    this.mesh.frustumCulled = false;
    // Drawn after the opaque terrain (three sorts the opaque list by renderOrder first; far
    // terrain's opaque pass is 1) and before any water (transparent, a later list): on the far
    // plane (depth 1, the cleared value, passing three's less-or-equal test) it then fails the
    // depth test wherever terrain is, so only the sky's own pixels are shaded. Drawn first, it
    // was shaded under the whole picture and painted over.
    this.mesh.renderOrder = 10;
  }

  /** Shows the sky of one time of day. */
  set(look: SkyDomeLook): void {
    const u = this.mesh.material.uniforms;
    (u.horizonColor!.value as THREE.Color).copy(look.horizon);
    (u.zenithColor!.value as THREE.Color).copy(look.zenith);
    (u.glowColor!.value as THREE.Color).copy(look.glow);
    u.glowStrength!.value = look.glowStrength;
    u.stars!.value = look.stars;
    (u.sunDirection!.value as THREE.Vector3).copy(look.sun).normalize();
    (u.moonDirection!.value as THREE.Vector3).copy(look.moon).normalize();
  }

  /** Keeps the dome centred on the camera. */
  follow(camera: THREE.Camera): void {
    this.mesh.position.copy(camera.position);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
  }
}
