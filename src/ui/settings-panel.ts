/**
 * The lil-gui panel. It edits a plain `SettingsModel` object (the three.js examples' habit
 * of binding a params object) and reports finished changes; it never talks to the world
 * itself. Numeric fields are clamped to the ranges the world accepts.
 */
import GUI, { type Controller } from 'lil-gui';
import { FAR_DISTANCE_RANGE, RENDER_DISTANCE_RANGE } from '../stream';
import { WORLD_PARAM_RANGES, type NoiseSource, type NumericWorldParam, type TerrainStyle, type WorldParams, type WorldType } from '../world';

export interface SettingsModel extends WorldParams {
  renderDistance: number;
  /** How far, in columns, levels of detail carry the terrain beyond the render distance (0: off). */
  farDistance: number;
  workers: number;
  /** Compare mode: the world made with each noise source, split by a swipe divider. */
  compare: boolean;
  /** Walking (gravity, collision) or flying. */
  mode: 'walk' | 'fly';
  /** Flying through blocks instead of bumping into them. */
  noClip: boolean;
}

export interface SettingsPanelEvents {
  /** A world parameter changed (seed, noise, terrain shape). */
  worldChanged(params: WorldParams): void;
  renderDistanceChanged(radius: number): void;
  farDistanceChanged(columns: number): void;
  compareChanged(on: boolean): void;
  /** Open the noise lab with this world's parameters. */
  openLab(): void;
  /** Open the saved-worlds dialog. */
  openWorlds(): void;
  modeChanged(mode: 'walk' | 'fly'): void;
  noClipChanged(on: boolean): void;
  undo(): void;
  redo(): void;
  workersChanged(count: number): void;
  randomSeed(): void;
  resetTerrain(): void;
  copyLink(): void;
  /** How many block edits the current world has (the remove button asks before removing). */
  editCount(): number;
  /** Remove every block edit of the current world. */
  clearEdits(): void;
  /** Something the player typed was changed (clamped, refused); say what and why. */
  notice(text: string): void;
}

/**
 * A note on this device for the panel: why the view distances start lower (`budget`:
 * deviceBudget), or why the picture is softer and plainer (`renderer`: softwareRendering).
 */
export interface DeviceNote {
  kind: 'budget' | 'renderer';
  text: string | null;
}

/** How long the remove button waits for its confirming second click. */
const CONFIRM_MS = 4000;
const CLEAR_LABEL = 'remove my edits in this world';
const CLEAR_LABEL_COMPARING = 'remove my edits in both worlds';
const NOISE_LABEL = 'noise source';

const LABELS: Record<NumericWorldParam, string> = {
  octaves: 'octaves',
  persistence: 'persistence (gain)',
  lacunarity: 'lacunarity',
  scale: 'scale (blocks)',
  amplitude: 'amplitude (blocks)',
  seaLevel: 'sea level',
  biomeScale: 'biome size (×)',
};

/**
 * Whether worlds of `type` read parameter `key`: biomes pick fBm or ridged per biome (no
 * style), only biomes have a biome size, and a superflat world has no shape but its ground.
 */
function shapeParamUsed(type: WorldType, key: keyof WorldParams): boolean {
  if (type === 'flat') return key === 'seaLevel';
  if (key === 'style') return type === 'classic';
  if (key === 'biomeScale') return type === 'biomes';
  return true;
}

export class SettingsPanel {
  readonly gui: GUI;
  private readonly controllers: Controller[] = [];
  private readonly clearButton: Controller;
  private readonly noiseController: Controller;
  private readonly noClipController: Controller;
  /** The terrain-shape controls by parameter, enabled by whether the world type uses them. */
  private readonly shapeControllers = new Map<keyof WorldParams, Controller>();
  private clearArmed: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly model: SettingsModel,
    events: SettingsPanelEvents,
    maxWorkers: number,
    /** Notes on this device under the view settings, a paragraph each; those without text are left out. */
    notes: readonly DeviceNote[] = [],
  ) {
    this.gui = new GUI({ title: 'World' });
    const world = (): WorldParams => {
      const { renderDistance: _r, farDistance: _f, workers: _w, compare: _c, mode: _m, noClip: _n, ...params } = this.model;
      return params;
    };

    this.controllers.push(this.gui.add({ worlds: () => events.openWorlds() }, 'worlds').name('worlds: open, new, export, import…'));

    const seed = this.gui.add(model, 'seed').name('seed (any text)').onFinishChange(() => events.worldChanged(world()));
    const random = this.gui.add({ random: () => events.randomSeed() }, 'random').name('random seed');
    const type = this.gui
      .add(model, 'type', { 'biomes (continents, rivers, caves)': 'biomes', 'classic heightfield': 'classic', superflat: 'flat' } satisfies Record<string, WorldType>)
      .name('world type')
      .onChange(() => {
        this.refresh();
        events.worldChanged(world());
      });
    this.noiseController = this.gui
      .add(model, 'noise', { 'Perlin (ours)': 'perlin', 'simplex-noise': 'simplex' } satisfies Record<string, NoiseSource>)
      .name(NOISE_LABEL)
      .onChange(() => events.worldChanged(world()));
    const compare = this.gui
      .add(model, 'compare')
      .name('compare both (swipe)')
      .onChange((on: boolean) => events.compareChanged(on));
    const lab = this.gui.add({ lab: () => events.openLab() }, 'lab').name('open the noise lab ↗');
    this.controllers.push(seed, random, type, this.noiseController, compare, lab);

    const player = this.gui.addFolder('Player');
    this.noClipController = player.add(model, 'noClip').name('fly through blocks (no-clip)').onChange((on: boolean) => events.noClipChanged(on));
    this.controllers.push(
      player
        .add(model, 'mode', { 'walk (F)': 'walk', 'fly (F)': 'fly' })
        .name('move by')
        .onChange((mode: 'walk' | 'fly') => events.modeChanged(mode)),
      this.noClipController,
      player.add({ undo: () => events.undo() }, 'undo').name('undo last edit (Ctrl+Z)'),
      player.add({ redo: () => events.redo() }, 'redo').name('redo (Ctrl+Shift+Z)'),
    );

    const terrain = this.gui.addFolder('Terrain shape');
    const style = terrain
      .add(model, 'style', { 'fBm (hills)': 'fbm', 'ridged (peaks)': 'ridged', 'domain warp': 'warped' } satisfies Record<string, TerrainStyle>)
      .name('style')
      .onChange(() => events.worldChanged(world()));
    this.controllers.push(style);
    this.shapeControllers.set('style', style);
    for (const key of Object.keys(WORLD_PARAM_RANGES) as NumericWorldParam[]) {
      const r = WORLD_PARAM_RANGES[key];
      const controller = terrain.add(model, key, r.min, r.max, r.step).name(LABELS[key]);
      // lil-gui clamps typed numbers to the slider's range as they are typed, so the value
      // reaching onFinishChange is already in range: remember what the player typed to say so.
      let typed: number | null = null;
      controller.domElement.querySelector('input')?.addEventListener('input', (e) => {
        const n = parseFloat((e.target as HTMLInputElement).value);
        typed = Number.isFinite(n) ? n : null;
      });
      controller.onFinishChange((value: number) => {
        const clamped = Number.isFinite(value) ? Math.min(r.max, Math.max(r.min, value)) : this.lowestOf(key);
        if (clamped !== value) {
          model[key] = clamped;
          this.refresh();
        }
        const asked = typed ?? value;
        typed = null;
        if (asked > r.max || asked < r.min || !Number.isFinite(asked)) {
          const why = !Number.isFinite(asked) ? 'is not a number' : asked > r.max ? `is above the maximum ${r.max}` : `is below the minimum ${r.min}`;
          events.notice(`${LABELS[key]}: ${String(asked)} ${why}; set to ${clamped}`);
        }
        events.worldChanged(world());
      });
      this.controllers.push(controller);
      this.shapeControllers.set(key, controller);
    }
    this.controllers.push(terrain.add({ reset: () => events.resetTerrain() }, 'reset').name('reset terrain shape'));

    const view = this.gui.addFolder('View & performance');
    /** A whole-number slider of the model: lil-gui clamps it; a value that is no number falls back to the minimum. */
    const wholeNumber = (key: 'renderDistance' | 'farDistance' | 'workers', min: number, max: number, name: string, changed: (value: number) => void) =>
      view
        .add(model, key, min, max, 1)
        .name(name)
        .onFinishChange((v: number) => {
          if (!Number.isFinite(v)) model[key] = min;
          changed(model[key]);
        });
    this.controllers.push(
      wholeNumber('renderDistance', RENDER_DISTANCE_RANGE.min, RENDER_DISTANCE_RANGE.max, 'render distance (columns)', (r) => events.renderDistanceChanged(r)),
      wholeNumber('farDistance', FAR_DISTANCE_RANGE.min, FAR_DISTANCE_RANGE.max, 'far distance (columns, 0 = off)', (f) => events.farDistanceChanged(f)),
      wholeNumber('workers', 1, maxWorkers, 'worker threads', (n) => events.workersChanged(n)),
      this.gui.add({ copy: () => events.copyLink() }, 'copy').name('copy link to this view'),
    );
    for (const { kind, text } of notes) {
      if (text === null) continue;
      const note = document.createElement('p');
      note.className = `panel-note ${kind}-note`;
      note.textContent = text;
      view.domElement.append(note);
    }
    this.clearButton = this.gui.add({ clear: () => this.clearClicked(events) }, 'clear').name(CLEAR_LABEL);
    this.controllers.push(this.clearButton);
    this.refresh();
  }

  /**
   * Removing edits cannot be undone, so the first click only arms the button ("click again
   * to remove N edits"); a second click within a few seconds removes them.
   */
  private clearClicked(events: SettingsPanelEvents): void {
    const n = events.editCount();
    if (n === 0 || this.clearArmed !== null) {
      this.disarmClear();
      events.clearEdits();
      return;
    }
    this.clearButton.name(`click again to remove ${n} edit${n === 1 ? '' : 's'}`);
    this.clearButton.domElement.classList.add('confirm-pending');
    this.clearArmed = setTimeout(() => this.disarmClear(), CONFIRM_MS);
  }

  private disarmClear(): void {
    if (this.clearArmed !== null) clearTimeout(this.clearArmed);
    this.clearArmed = null;
    this.clearButton.name(this.clearLabel());
    this.clearButton.domElement.classList.remove('confirm-pending');
  }

  private clearLabel(): string {
    return this.model.compare ? CLEAR_LABEL_COMPARING : CLEAR_LABEL;
  }

  private lowestOf(key: NumericWorldParam): number {
    return WORLD_PARAM_RANGES[key].min;
  }

  /** Re-reads the model (after it was changed from outside: URL, random seed, reset). */
  refresh(): void {
    for (const c of this.controllers) c.updateDisplay();
    // Compare mode shows both noise sources, so there is none to pick until it ends.
    this.noiseController.enable(!this.model.compare);
    this.noiseController.name(this.model.compare ? 'noise source (both shown)' : NOISE_LABEL);
    if (this.clearArmed === null) this.clearButton.name(this.clearLabel());
    // No-clip is a way of flying: walking always collides.
    this.noClipController.enable(this.model.mode === 'fly');
    for (const [key, controller] of this.shapeControllers) controller.enable(shapeParamUsed(this.model.type, key));
  }

  /** Shows the open world's name in the panel's title. */
  setWorldName(name: string): void {
    this.gui.title(`World: ${name.length > 28 ? `${name.slice(0, 28)}…` : name}`);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.clearArmed !== null) clearTimeout(this.clearArmed);
    this.gui.destroy();
  }
}
