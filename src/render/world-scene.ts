/**
 * The scene around the terrain: renderer, camera, sky colour, distance fog matched to the
 * render distance (so columns at the edge fade out instead of popping), a sun and a
 * hemisphere light. Terrain comes in column layers, one per world on screen: one normally,
 * two in compare mode, where each is drawn into its own strip of the canvas with the same
 * camera (see `render`). Owns the GPU resources it creates; `dispose()` frees them.
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

/** A column layer drawn into the vertical strip [from, to) of the canvas (fractions of its width). */
export interface LayerView {
  layer: ColumnMeshes;
  from: number;
  to: number;
}

/** What one layer's pass submitted in the last frame. */
export interface PassStats {
  drawCalls: number;
  triangles: number;
}

export class WorldScene {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  readonly selection = new SelectionBox();
  private readonly layers = new Set<ColumnMeshes>();
  private lastPasses: PassStats[] = [];
  /** Scratch for cullToStrip. */
  private readonly stripCamera = new THREE.PerspectiveCamera();
  private readonly stripFrustum = new THREE.Frustum();
  private readonly stripMatrix = new THREE.Matrix4();
  private readonly canvasSize = new THREE.Vector2();
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
    const cutout = createVoxelMaterial({ tiles: this.tiles, translucent: false, cutout: true });
    const water = createVoxelMaterial({ tiles: this.tiles, translucent: true });
    this.materials = [opaque, cutout, water];
    for (const m of this.materials) applyLighting(m, this.sun, this.hemi);
    this.scene.add(this.selection.object);
    this.selection.setResolution(window.innerWidth, window.innerHeight);
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
    // The outline's widths are in CSS pixels of the whole view (compare strips included).
    this.selection.setResolution(width, height);
  }

  /** A new, empty layer of column meshes (one per world on screen). */
  createColumnLayer(name: string): ColumnMeshes {
    const [opaque, cutout, water] = this.materials;
    const layer = new ColumnMeshes(opaque!, cutout!, water!);
    layer.group.name = name;
    this.layers.add(layer);
    this.scene.add(layer.group);
    return layer;
  }

  /** Takes a layer off the scene and frees its geometries. */
  removeColumnLayer(layer: ColumnMeshes): void {
    if (!this.layers.delete(layer)) return;
    this.scene.remove(layer.group);
    layer.dispose();
  }

  /**
   * Draws each view's layer into its strip, all with the one camera: the scissor keeps each
   * pass inside its strip, so every pixel is exactly what that layer alone would show there
   * (one image cut in two, not two squeezed viewports). Sky, lights and the selection box
   * are shared; layers in no view are not drawn. Returns what each pass submitted.
   */
  render(views: readonly LayerView[]): PassStats[] {
    if (this.disposed) return [];
    this.sky.follow(this.camera);
    this.selection.follow(this.camera);
    const info = this.renderer.info;
    const passes: PassStats[] = [];
    for (const layer of this.layers) layer.group.visible = false;
    const whole = views.length === 1 && views[0]!.from <= 0 && views[0]!.to >= 1;
    if (whole) {
      views[0]!.layer.group.visible = true;
      this.renderer.render(this.scene, this.camera);
      passes.push({ drawCalls: info.render.calls, triangles: info.render.triangles });
    } else {
      const size = this.renderer.getSize(this.canvasSize);
      this.camera.updateMatrixWorld();
      this.renderer.setScissorTest(true);
      for (const view of views) {
        const x0 = Math.round(Math.max(0, view.from) * size.x);
        const x1 = Math.round(Math.min(1, view.to) * size.x);
        if (x1 <= x0) {
          passes.push({ drawCalls: 0, triangles: 0 });
          continue;
        }
        view.layer.group.visible = true;
        this.cullToStrip(view.layer, x0, x1, size);
        this.renderer.setScissor(x0, 0, x1 - x0, size.y);
        // Each render() clears inside the scissor only, so the strips do not wipe each other.
        this.renderer.render(this.scene, this.camera);
        passes.push({ drawCalls: info.render.calls, triangles: info.render.triangles });
        for (const mesh of view.layer.group.children) mesh.visible = true;
        view.layer.group.visible = false;
      }
      this.renderer.setScissorTest(false);
    }
    for (const layer of this.layers) layer.group.visible = true;
    this.lastPasses = passes;
    return passes;
  }

  /**
   * Hides the layer's columns that cannot reach the strip [x0, x1) of the canvas: a column
   * whose bounding sphere is outside the strip's own frustum (the full view's frustum cut to
   * the strip, via setViewOffset on a copy of the camera) draws nothing there. Only culling
   * uses that frustum; the pass itself renders with the real camera, so the pixels are
   * unchanged, but each side submits about its share of the view, not all of it.
   */
  private cullToStrip(layer: ColumnMeshes, x0: number, x1: number, size: THREE.Vector2): void {
    const strip = this.stripCamera;
    strip.copy(this.camera);
    strip.setViewOffset(size.x, size.y, x0, 0, x1 - x0, size.y);
    this.stripFrustum.setFromProjectionMatrix(this.stripMatrix.multiplyMatrices(strip.projectionMatrix, strip.matrixWorldInverse));
    for (const mesh of layer.group.children) mesh.visible = this.stripFrustum.intersectsObject(mesh as THREE.Mesh);
  }

  /** GPU memory now, and draw calls and triangles of the last frame, every pass summed. */
  stats(): FrameStats {
    const info = this.renderer.info;
    let drawCalls = 0;
    let triangles = 0;
    for (const p of this.lastPasses) {
      drawCalls += p.drawCalls;
      triangles += p.triangles;
    }
    return { geometries: info.memory.geometries, textures: info.memory.textures, drawCalls, triangles };
  }

  /** Frees columns, materials, textures and the WebGL context. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const layer of this.layers) layer.dispose();
    this.layers.clear();
    this.selection.dispose();
    this.sky.dispose();
    for (const m of this.materials) m.dispose();
    this.tiles.dispose();
    this.renderer.dispose();
  }
}
