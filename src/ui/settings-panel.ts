/**
 * The lil-gui panel. It edits a plain `SettingsModel` object (the three.js examples' habit
 * of binding a params object) and reports finished changes; it never talks to the world
 * itself. Numeric fields are clamped to the ranges the world accepts.
 */
import GUI, { type Controller } from 'lil-gui';
import { RENDER_DISTANCE_RANGE } from '../stream';
import { WORLD_PARAM_RANGES, type NoiseSource, type NumericWorldParam, type TerrainStyle, type WorldParams } from '../world';

export interface SettingsModel extends WorldParams {
  renderDistance: number;
  workers: number;
}

export interface SettingsPanelEvents {
  /** A world parameter changed (seed, noise, terrain shape). */
  worldChanged(params: WorldParams): void;
  renderDistanceChanged(radius: number): void;
  workersChanged(count: number): void;
  randomSeed(): void;
  resetTerrain(): void;
  copyLink(): void;
  /** Remove every block edit of the current world. */
  clearEdits(): void;
}

const LABELS: Record<NumericWorldParam, string> = {
  octaves: 'octaves',
  persistence: 'persistence (gain)',
  lacunarity: 'lacunarity',
  scale: 'scale (blocks)',
  amplitude: 'amplitude (blocks)',
  seaLevel: 'sea level',
};

export class SettingsPanel {
  readonly gui: GUI;
  private readonly controllers: Controller[] = [];
  private disposed = false;

  constructor(
    private readonly model: SettingsModel,
    events: SettingsPanelEvents,
    maxWorkers: number,
  ) {
    this.gui = new GUI({ title: 'World' });
    const world = (): WorldParams => {
      const { renderDistance: _r, workers: _w, ...params } = this.model;
      return params;
    };

    this.controllers.push(
      this.gui.add(model, 'seed').name('seed (any text)').onFinishChange(() => events.worldChanged(world())),
      this.gui.add({ random: () => events.randomSeed() }, 'random').name('random seed'),
      this.gui
        .add(model, 'noise', { Perlin: 'perlin', 'simplex-noise (baseline)': 'simplex' } satisfies Record<string, NoiseSource>)
        .name('noise source')
        .onChange(() => events.worldChanged(world())),
    );

    const terrain = this.gui.addFolder('Terrain shape');
    this.controllers.push(
      terrain
        .add(model, 'style', { 'fBm (hills)': 'fbm', 'ridged (peaks)': 'ridged', 'domain warp': 'warped' } satisfies Record<string, TerrainStyle>)
        .name('style')
        .onChange(() => events.worldChanged(world())),
    );
    for (const key of Object.keys(WORLD_PARAM_RANGES) as NumericWorldParam[]) {
      const r = WORLD_PARAM_RANGES[key];
      this.controllers.push(
        terrain
          .add(model, key, r.min, r.max, r.step)
          .name(LABELS[key])
          .onFinishChange((value: number) => {
            const clamped = Number.isFinite(value) ? Math.min(r.max, Math.max(r.min, value)) : this.fallback(key);
            if (clamped !== value) {
              model[key] = clamped;
              this.refresh();
            }
            events.worldChanged(world());
          }),
      );
    }
    this.controllers.push(terrain.add({ reset: () => events.resetTerrain() }, 'reset').name('reset terrain shape'));

    const view = this.gui.addFolder('View & performance');
    this.controllers.push(
      view
        .add(model, 'renderDistance', RENDER_DISTANCE_RANGE.min, RENDER_DISTANCE_RANGE.max, 1)
        .name('render distance (columns)')
        .onFinishChange((v: number) => {
          if (!Number.isFinite(v)) model.renderDistance = RENDER_DISTANCE_RANGE.min;
          events.renderDistanceChanged(model.renderDistance);
        }),
      view
        .add(model, 'workers', 1, maxWorkers, 1)
        .name('worker threads')
        .onFinishChange((v: number) => {
          if (!Number.isFinite(v)) model.workers = 1;
          events.workersChanged(model.workers);
        }),
      this.gui.add({ copy: () => events.copyLink() }, 'copy').name('copy link to this view'),
      this.gui.add({ clear: () => events.clearEdits() }, 'clear').name('remove my edits in this world'),
    );
  }

  private fallback(key: NumericWorldParam): number {
    return WORLD_PARAM_RANGES[key].min;
  }

  /** Re-reads the model (after it was changed from outside: URL, random seed, reset). */
  refresh(): void {
    for (const c of this.controllers) c.updateDisplay();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.gui.destroy();
  }
}
