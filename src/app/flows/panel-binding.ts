/**
 * The settings panel bound to the game: the model it shows (world parameters, view distances,
 * workers, compare mode, walking or flying), what each of its controls does, and the player's
 * Settings folder inside it, and the Sound folder with what the player hears (PlayerSound). Changes from elsewhere (a world opened, compare mode turned on by
 * a link, the mode switched by a key) come in through `show`, so the panel never lags.
 */
import type { CameraPose } from '../../controls/camera-pose';
import type { PlayerController } from '../../controls/player-controller';
import type { KeyBindings } from '../../controls/key-bindings';
import { SettingsPanel, SMALL_SCREEN_QUERY, TimeFolder, type DeviceNote, type SettingsModel } from '../../ui';
import { clampPoolSize } from '../../workers/worker-pool';
import { DEFAULT_WORLD_PARAMS, sanitizeWorldParams, type WorldParams } from '../../world';
import { browserSettingsStorage, LivePlayerSettings } from '../input/live-player-settings';
import { DayCycle } from '../frame/day-cycle';
import type { PlayMode } from '../input/play-mode';
import { PlayerSound } from '../session/player-sound';
import type { Worlds } from '../session/worlds';
import { randomSeedText } from './random-seed';

export interface PanelBindingHooks {
  toast(text: string, kind?: 'info' | 'warning' | 'error'): void;
  openLab(): void;
  openWorlds(): void;
  copyLink(): void;
  /** The model changed: the link follows. */
  changed(): void;
  keyBindingsChanged(bindings: KeyBindings): void;
}

export interface PanelBindingParts {
  worlds: Worlds;
  mode: PlayMode;
  player: PlayerController;
  scene: { setFov(degrees: number): void; readonly isUnderWater: boolean; setTimeOfDay(hours: number): void };
}

export class PanelBinding {
  readonly panel: SettingsPanel;
  readonly playerSettings: LivePlayerSettings;
  /** What the player hears, with the panel's Sound folder (player-sound.ts). */
  readonly sound: PlayerSound;
  /** The time of day, with the panel's Time folder. */
  readonly day: DayCycle;
  private readonly timeFolder: TimeFolder;
  private readonly model: SettingsModel;
  private disposed = false;

  constructor(model: SettingsModel, private readonly parts: PanelBindingParts, options: { maxWorkers: number; notes: readonly DeviceNote[]; worldName: string; time?: number; clockStopped?: boolean }, private readonly hooks: PanelBindingHooks) {
    this.model = model;
    const { worlds, mode } = parts;
    const { editor, session, views } = worlds;
    this.panel = new SettingsPanel(this.model, {
      worldChanged: (p) => void this.setWorld(p),
      renderDistanceChanged: (r) => views.setRenderDistance(r),
      farDistanceChanged: (f) => views.setFarDistance(f),
      compareChanged: (on) => void this.setCompare(on),
      openLab: () => hooks.openLab(),
      openWorlds: () => hooks.openWorlds(),
      modeChanged: (m) => mode.set(m),
      noClipChanged: (on) => mode.setNoClip(on),
      undo: () => editor.undo(),
      redo: () => editor.redo(),
      workersChanged: (n) => this.setWorkers(n),
      randomSeed: () => void this.setWorld({ ...session.params, seed: randomSeedText() }),
      // The shape goes back to the defaults; the world stays the world: its seed, noise and type.
      resetTerrain: () => void this.setWorld({ ...DEFAULT_WORLD_PARAMS, type: session.params.type, seed: session.params.seed, noise: session.params.noise }),
      copyLink: () => hooks.copyLink(),
      editCount: () => editor.editCountOnScreen,
      clearEdits: () => this.clearEdits(),
      notice: (text) => hooks.toast(text, 'warning'),
    }, options.maxWorkers, options.notes);
    this.playerSettings = new LivePlayerSettings({
      storage: browserSettingsStorage(),
      panel: this.panel,
      scene: parts.scene,
      player: parts.player,
      notify: (text, kind) => hooks.toast(text, kind),
      keyBindingsChanged: (bindings) => hooks.keyBindingsChanged(bindings),
    });
    this.sound = new PlayerSound({ storage: browserSettingsStorage(), panel: this.panel, player: parts.player, editor, building: worlds.building, scene: parts.scene, notify: (text, kind) => hooks.toast(text, kind) });
    this.day = new DayCycle({ scene: parts.scene, notify: (text, kind) => hooks.toast(text, kind), changed: () => hooks.changed() }, { hours: options.time, stopped: options.clockStopped });
    this.timeFolder = new TimeFolder(this.panel.gui, this.day.model, this.day.folderOptions, this.day.folderHooks);
    this.day.attach(this.timeFolder);
    this.panel.setWorldName(options.worldName);
    // A small screen starts with the panel folded to its title bar, out of the view's way.
    if (window.matchMedia(SMALL_SCREEN_QUERY).matches) this.fold();
  }

  /** One frame of the player's own things after the body moved: its sounds, and the pose to draw (with the view bob). */
  frame(pose: Readonly<CameraPose>, dt: number): Readonly<CameraPose> {
    this.sound.frame(dt);
    return this.playerSettings.drawnPose(pose, dt);
  }

  private get worlds(): Worlds {
    return this.parts.worlds;
  }

  /** Values changed elsewhere: the panel shows them, and the link follows. */
  show(values: Partial<SettingsModel>): void {
    Object.assign(this.model, values);
    this.panel.refresh();
    this.hooks.changed();
  }

  setWorldName(name: string): void {
    this.panel.setWorldName(name);
  }

  /** Folds the panel to its title bar (during play: it would cover the view, and on a phone the buttons). */
  fold(): void {
    this.panel.gui.close();
  }

  unfold(): void {
    this.panel.gui.open();
  }

  get folded(): boolean {
    return this.panel.gui._closed;
  }

  /** The world made from these parameters (seed, noise or shape changed); bad values are clamped with a notice. */
  setWorld(input: WorldParams): Promise<unknown> {
    const { params, warnings } = sanitizeWorldParams(input);
    for (const w of warnings) this.hooks.toast(w, 'warning');
    this.show(params);
    return this.worlds.session.setParams(params);
  }

  /** Compare mode on or off: the other noise's world, with its own edits, beside this one. */
  setCompare(on: boolean): Promise<unknown> {
    this.show({ compare: on });
    return this.worlds.session.setCompare(on);
  }

  setWorkers(count: number): void {
    this.show({ workers: clampPoolSize(count) });
    this.worlds.setWorkers(this.model.workers);
  }

  private clearEdits(): void {
    const n = this.worlds.editor.clearWorldEdits();
    const comparing = this.worlds.sides.compare;
    this.hooks.toast(n > 0 ? `Removed ${n} edit${n === 1 ? '' : 's'} from ${comparing ? 'the two worlds' : 'this world'} (Ctrl+Z brings them back)` : comparing ? 'Neither world has edits' : 'This world has no edits');
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.playerSettings.dispose();
    this.sound.dispose();
    this.timeFolder.dispose();
    this.panel.dispose();
  }
}
