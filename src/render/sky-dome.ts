/**
 * A sky gradient with a sun disc, drawn as a sphere that follows the camera. Its horizon
 * colour is the fog colour, so terrain fading into the fog meets the sky without a seam.
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
in vec3 vDirection;
void main() {
  vec3 d = normalize(vDirection);
  float up = clamp(d.y, 0.0, 1.0);
  vec3 color = mix(horizonColor, zenithColor, pow(up, 0.55));
  float sun = max(dot(d, sunDirection), 0.0);
  color += vec3(1.0, 0.92, 0.75) * (pow(sun, 900.0) * 4.0 + pow(sun, 12.0) * 0.12);
  gl_FragColor = vec4(color, 1.0);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
}
`;

export class SkyDome {
  readonly mesh: THREE.Mesh<THREE.SphereGeometry, THREE.ShaderMaterial>;
  private disposed = false;

  constructor(horizon: THREE.ColorRepresentation, zenith: THREE.ColorRepresentation, sunDirection: THREE.Vector3) {
    const material = new THREE.ShaderMaterial({
      name: 'sky',
      vertexShader,
      fragmentShader,
      uniforms: {
        horizonColor: { value: new THREE.Color(horizon) },
        zenithColor: { value: new THREE.Color(zenith) },
        sunDirection: { value: sunDirection.clone().normalize() },
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
