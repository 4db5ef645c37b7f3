/**
 * How far the player sees: the render distance R they asked for (full-detail columns), the far
 * distance F (levels of detail), and compare mode's cap on R. Applied to the worlds on screen
 * and to the scene's fog together, so the two never disagree.
 */
import { clampFarDistance, clampRenderDistance } from '../../stream';

/**
 * Compare mode keeps two worlds in memory and draws both, so it caps the render distance:
 * at 16 the two hold about as many columns as one world at 23.
 */
export const COMPARE_MAX_RENDER_DISTANCE = 16;

/** What view distances are applied to. */
export interface ViewDistanceTargets {
  /** The worlds on screen stream R columns and F far. */
  setViewDistances(renderDistance: number, farDistance: number): void;
}

export interface ViewDistanceHooks {
  /** R or F in force changed (the panel shows them; the link carries them). */
  changed(renderDistance: number, farDistance: number): void;
  /** Compare mode shows less than the player asked for. */
  capped(shown: number, wanted: number): void;
}

export class ViewDistances {
  private wantedRender: number;
  private far: number;
  private comparing = false;

  constructor(
    /** The distances this device starts with (deviceBudget): a link carries only values that differ. */
    private readonly deviceDefault: { renderDistance: number; farDistance: number },
    start: { renderDistance: number; farDistance: number },
    private readonly targets: readonly ViewDistanceTargets[],
    private readonly hooks: ViewDistanceHooks,
  ) {
    this.wantedRender = clampRenderDistance(start.renderDistance);
    this.far = clampFarDistance(start.farDistance);
  }

  /** The render distance in force (capped in compare mode). */
  get renderDistance(): number {
    return this.comparing ? Math.min(this.wantedRender, COMPARE_MAX_RENDER_DISTANCE) : this.wantedRender;
  }

  get farDistance(): number {
    return this.far;
  }

  setRenderDistance(radius: number): void {
    this.wantedRender = clampRenderDistance(radius);
    this.apply();
    this.sayIfCapped();
  }

  setFarDistance(columns: number): void {
    this.far = clampFarDistance(columns);
    this.apply();
  }

  /** Compare mode on or off: the cap applies while it is on, and the player's own R after. */
  setComparing(on: boolean): void {
    if (on === this.comparing) return;
    this.comparing = on;
    this.apply();
    this.sayIfCapped();
  }

  /** What a link carries: only distances the player chose, so a phone opening a desktop's link keeps its own defaults. */
  forLink(): { renderDistance?: number; farDistance?: number } {
    return {
      ...(this.wantedRender !== this.deviceDefault.renderDistance ? { renderDistance: this.wantedRender } : {}),
      ...(this.far !== this.deviceDefault.farDistance ? { farDistance: this.far } : {}),
    };
  }

  /** Pushes the distances in force to every target. */
  apply(): void {
    const r = this.renderDistance;
    for (const target of this.targets) target.setViewDistances(r, this.far);
    this.hooks.changed(r, this.far);
  }

  /** Told when the player asks for R or compare mode starts, not at every far-distance change. */
  private sayIfCapped(): void {
    if (this.renderDistance < this.wantedRender) this.hooks.capped(this.renderDistance, this.wantedRender);
  }
}
