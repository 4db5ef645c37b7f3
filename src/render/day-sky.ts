/**
 * The scene's sky and light at a time of day: the sky dome, the directional light (the sun by
 * day, the moon by night), the hemisphere light, the background and the fog's colour and reach,
 * all from the palette's keyframes (sky-palette.ts) and the sun's path (time-of-day.ts). Under
 * water its short blue fog wins over the time's, and the dome is hidden. Voxel materials read
 * the lights and the daylight through `light`: the terrain follows the time in its shader,
 * with no re-mesh (docs/architecture.md §7, "Day and night").
 */
import * as THREE from 'three';
import { skyAt, type Rgb } from './sky-palette';
import { SkyDome } from './sky-dome';
import { DEFAULT_DAY_CLOCK, moonDirection, sunDirection, wrapHours, type Direction } from './time-of-day';
import { applyLighting, setDaylight, type VoxelMaterial } from './voxel-material';

/** The horizon and fog colour by day (the palette's day keyframe). */
export const SKY_COLOR = 0xb4d4f0;
/**
 * Under water: the fog's colour and its reach in blocks. The view closes in to a dozen blocks
 * of blue, as in Minecraft, so the eye reads "in water" at once and the sea floor fades rather
 * than showing sharp and dark.
 */
export const UNDER_WATER_FOG = { color: 0x1f4f8c, near: 1, far: 28 } as const;
/**
 * In lava: a glowing orange a couple of blocks deep, as in Minecraft. Lava is drawn as opaque
 * cubes whose faces between lava blocks are culled, so without it an eye sunk in lava saw
 * straight through the pool. It glows: night does not darken it.
 */
export const IN_LAVA_FOG = { color: 0xc24a0c, near: 0.2, far: 2.5 } as const;
/** The darkest the water's blue gets at night, as a share of its daytime colour. */
const UNDER_WATER_NIGHT = 0.3;

export class DaySky {
  readonly dome = new SkyDome();
  private readonly sun = new THREE.DirectionalLight();
  private readonly hemi = new THREE.HemisphereLight();
  private readonly fog = new THREE.Fog(SKY_COLOR, 100, 200);
  private readonly background = new THREE.Color(SKY_COLOR);
  /** The fog's colour out of the water: the horizon's at this time. */
  private readonly airColor = new THREE.Color(SKY_COLOR);
  private readonly waterColor = new THREE.Color();
  private readonly airFog = { near: 100, far: 200 };
  private readonly sunDir: Direction = { x: 0, y: 1, z: 0 };
  private readonly moonDir: Direction = { x: 0, y: -1, z: 0 };
  private readonly look = { horizon: new THREE.Color(), zenith: new THREE.Color(), glow: new THREE.Color(), sun: new THREE.Vector3(), moon: new THREE.Vector3() };
  private hours = Number.NaN;
  private daylight = 1;
  private underWater = false;
  private inLava = false;

  constructor(scene: THREE.Scene, hours: number = DEFAULT_DAY_CLOCK.hours) {
    scene.background = this.background;
    scene.fog = this.fog;
    scene.add(this.sun, this.sun.target, this.hemi, this.dome.mesh);
    this.setTime(hours);
  }

  /** The hour shown, 0..24. */
  get time(): number {
    return this.hours;
  }

  /** What the sky's light is scaled by now: 1 by day, the moonlit floor at night. */
  get daylightShown(): number {
    return this.daylight;
  }

  get isUnderWater(): boolean {
    return this.underWater;
  }

  /**
   * Shows the sky and light of `hours` (wrapped into the day). True when that changed the
   * picture; a value that is no number changes nothing.
   */
  setTime(hours: number): boolean {
    if (!Number.isFinite(hours)) return false;
    const h = wrapHours(hours);
    if (h === this.hours) return false;
    this.hours = h;
    const look = skyAt(h);
    sunDirection(h, this.sunDir);
    moonDirection(h, this.moonDir);
    // One directional light: the sun while it is up, then the moon. The palette fades its
    // intensity to 0 on the horizon, where the two swap, so the shading never jumps.
    const light = this.sunDir.y >= 0 ? this.sunDir : this.moonDir;
    this.sun.position.set(light.x, light.y, light.z);
    srgb(this.sun.color, look.light);
    this.sun.intensity = look.lightIntensity;
    srgb(this.hemi.color, look.hemiSky);
    srgb(this.hemi.groundColor, look.hemiGround);
    this.hemi.intensity = look.hemiIntensity;
    this.daylight = look.daylight;
    srgb(this.airColor, look.horizon);
    const shown = this.look;
    this.dome.set({
      horizon: srgb(shown.horizon, look.horizon),
      zenith: srgb(shown.zenith, look.zenith),
      glow: srgb(shown.glow, look.glow),
      glowStrength: look.glowStrength,
      stars: look.stars,
      sun: shown.sun.set(this.sunDir.x, this.sunDir.y, this.sunDir.z),
      moon: shown.moon.set(this.moonDir.x, this.moonDir.y, this.moonDir.z),
    });
    this.applyFog();
    return true;
  }

  /** The fog of the view distances, used whenever the eye is out of the water. */
  setFogReach(near: number, far: number): void {
    this.airFog.near = near;
    this.airFog.far = far;
    this.applyFog();
  }

  /** The eye is in water or not; true when that changed. */
  setUnderWater(on: boolean): boolean {
    if (on === this.underWater) return false;
    this.underWater = on;
    this.applyFog();
    return true;
  }

  /** The eye is in lava or not; true when that changed. */
  setInLava(on: boolean): boolean {
    if (on === this.inLava) return false;
    this.inLava = on;
    this.applyFog();
    return true;
  }

  /** Copies the lights and the daylight of the time shown into a voxel material. */
  light(material: VoxelMaterial): void {
    applyLighting(material, this.sun, this.hemi);
    setDaylight(material, this.daylight);
  }

  private applyFog(): void {
    const lava = this.inLava;
    const water = this.underWater && !lava;
    this.waterColor.setHex(lava ? IN_LAVA_FOG.color : UNDER_WATER_FOG.color).multiplyScalar(lava ? 1 : Math.max(UNDER_WATER_NIGHT, this.daylight));
    const color = water || lava ? this.waterColor : this.airColor;
    this.fog.color.copy(color);
    this.background.copy(color);
    const reach = lava ? IN_LAVA_FOG : water ? UNDER_WATER_FOG : null;
    this.fog.near = reach ? reach.near : this.airFog.near;
    this.fog.far = reach ? Math.min(reach.far, this.airFog.far) : this.airFog.far;
    this.dome.mesh.visible = reach === null;
  }

  dispose(): void {
    this.dome.dispose();
    this.sun.dispose();
    this.hemi.dispose();
  }
}

/** Sets `color` from sRGB components 0..1 (three converts to its linear working space). */
function srgb(color: THREE.Color, [r, g, b]: Rgb): THREE.Color {
  return color.setRGB(r, g, b, THREE.SRGBColorSpace);
}
