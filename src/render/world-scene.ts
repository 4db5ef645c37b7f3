/**
 * The scene around the terrain: renderer, camera, sky colour, distance fog matched to the
 * render distance (so columns at the edge fade out instead of popping), a sun and a
 * hemisphere light. Owns the GPU resources it creates; `dispose()` frees them.
 */
import * as THREE from 'three';
import { COLUMN_SIZE } from '../world/coords';
import { ColumnMeshes } from './column-meshes';
import { SelectionBox } from './selection-box';
import { SkyDome } from './sky-dome';
import { createTileTexture } from './tile-texture';
import { applyLighting, createVoxelMaterial, type VoxelMaterial } from './voxel-material';

/** Horizon and fog colour; the sky dome darkens toward ZENITH_COLOR overhead. */
export const SKY_COLOR = 0xb4d4f0;
const ZENITH_COLOR = 0x4a86d0;

export interface WorldSceneOptions {
  canvas: HTMLCanvasElement;
  atlas: { pixels: Uint8ClampedArray; width: number };
  tileCount: number;
  renderDistance: number;
}

export interface FrameStats {
  geometries: number;
  textures: number;
  drawCalls: number;
  triangles: number;
}

export class WorldScene {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  readonly columns: ColumnMeshes;
  readonly selection = new SelectionBox();
  private readonly sky: SkyDome;
  private readonly sun = new THREE.DirectionalLight(0xfff4e0, 0.62);
  private readonly hemi = new THREE.HemisphereLight(0xd8e8ff, 0x6a5a4a, 0.62);
  private readonly materials: VoxelMaterial[];
  private readonly tiles: THREE.DataArrayTexture;
  private readonly fog: THREE.Fog;
  private disposed = false;

  constructor(options: WorldSceneOptions) {
    this.renderer = new THREE.WebGLRenderer({ canvas: options.canvas, antialias: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setSize(window.innerWidth, window.innerHeight, false);
    this.camera = new THREE.PerspectiveCamera(70, window.innerWidth / window.innerHeight, 0.1, 1000);
    this.camera.rotation.order = 'YXZ';

    this.scene.background = new THREE.Color(SKY_COLOR);
    this.fog = new THREE.Fog(SKY_COLOR, 100, 200);
    this.scene.fog = this.fog;

    this.sun.position.set(0.45, 1, 0.3);
    this.scene.add(this.sun, this.sun.target, this.hemi);
    this.sky = new SkyDome(SKY_COLOR, ZENITH_COLOR, this.sun.position);
    this.scene.add(this.sky.mesh);

    this.tiles = createTileTexture(options.atlas.pixels, options.atlas.width, options.tileCount, this.renderer.capabilities.getMaxAnisotropy());
    const opaque = createVoxelMaterial({ tiles: this.tiles, translucent: false });
    const water = createVoxelMaterial({ tiles: this.tiles, translucent: true });
    this.materials = [opaque, water];
    for (const m of this.materials) applyLighting(m, this.sun, this.hemi);
    this.columns = new ColumnMeshes(opaque, water);
    this.scene.add(this.columns.group, this.selection.object);
    this.setRenderDistance(options.renderDistance);
  }

  /** Puts the camera at a position, looking along yaw and pitch (the 'YXZ' order set above). */
  setCameraPose(pose: { x: number; y: number; z: number; yaw: number; pitch: number }): void {
    this.camera.position.set(pose.x, pose.y, pose.z);
    this.camera.rotation.set(pose.pitch, pose.yaw, 0);
  }

  /** Fog and far plane follow the render distance R (in columns). */
  setRenderDistance(radius: number): void {
    const far = radius * COLUMN_SIZE;
    this.fog.near = far * 0.5;
    this.fog.far = far;
    this.camera.far = far + 2 * COLUMN_SIZE + 256;
    this.camera.updateProjectionMatrix();
  }

  resize(width: number, height: number): void {
    this.camera.aspect = width / Math.max(1, height);
    this.camera.updateProjectionMatrix();
    // Browser zoom and moving to another monitor change devicePixelRatio (and fire resize):
    // without this the canvas keeps the old resolution and turns blurry or needlessly large.
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setSize(width, height, false);
  }

  render(): void {
    if (this.disposed) return;
    this.sky.follow(this.camera);
    this.renderer.render(this.scene, this.camera);
  }

  stats(): FrameStats {
    const info = this.renderer.info;
    return {
      geometries: info.memory.geometries,
      textures: info.memory.textures,
      drawCalls: info.render.calls,
      triangles: info.render.triangles,
    };
  }

  /** Frees columns, materials, textures and the WebGL context. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.columns.dispose();
    this.selection.dispose();
    this.sky.dispose();
    for (const m of this.materials) m.dispose();
    this.tiles.dispose();
    this.renderer.dispose();
  }
}
