import type * as THREE from 'three';

/**
 * The size of the canvas's drawing buffer: the view's CSS pixels times the screen's device
 * pixel ratio (at most 2) times a render scale (WorldSceneOptions.renderScale).
 */
export class DrawingResolution {
  constructor(
    private readonly renderer: THREE.WebGLRenderer,
    public scale: number,
  ) {}

  /**
   * Sizes the buffer for a view of width x height CSS pixels. Called on every resize too:
   * browser zoom and moving to another monitor change devicePixelRatio (and fire resize), and
   * without this the canvas keeps the old resolution and turns blurry or needlessly large.
   */
  fit(width: number, height: number): void {
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2) * this.scale);
    this.renderer.setSize(width, height, false);
  }
}
