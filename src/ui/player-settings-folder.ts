/**
 * The panel's "Settings" folder: the player's own settings (display name, field of view, look
 * sensitivity, invert Y, view bobbing) and the keys of every move action. It edits a plain model and says
 * what changed; the game checks, applies and saves (app/input/live-player-settings.ts).
 *
 * Rebinding a key: clicking an action shows "press a key…", and the next key pressed is
 * offered to the game, caught before anything else on the page sees it (the mouse is free
 * then, so the game's own keys are off anyway). Esc, a click elsewhere or a second click on
 * the entry cancels; a key the game refuses keeps the entry waiting for another.
 */
import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';

export interface PlayerSettingsFolderModel {
  /** The name other players see in shared worlds (checked by the game when the field is left). */
  displayName: string;
  fov: number;
  mouseSensitivity: number;
  touchSensitivity: number;
  invertY: boolean;
  viewBobbing: boolean;
}

export type PlayerSettingsSlider = 'fov' | 'mouseSensitivity' | 'touchSensitivity';

export interface PlayerSettingsFolderOptions {
  /** Each slider's range and step. */
  ranges: Readonly<Record<PlayerSettingsSlider, { min: number; max: number; step: number }>>;
  /** The move actions in list order: an id for the hooks and the name shown. */
  actions: readonly { id: string; name: string }[];
}

export interface PlayerSettingsFolderHooks {
  /** The player changed `key` in the model; check it, apply it, save it (and refresh if it was corrected). */
  changed(key: keyof PlayerSettingsFolderModel): void;
  /** The keys of an action as the player reads them ("W", "Left Shift / Right Shift"). */
  keysOf(action: string): string;
  /** The player pressed `code` for `action`: true when it is bound now, false when refused (say why). */
  rebind(action: string, code: string): boolean;
  resetKeys(): void;
}

const WAITING = 'press a key… (Esc cancels)';

export class PlayerSettingsFolder {
  readonly folder: GUI;
  private readonly controllers: Controller[] = [];
  private readonly keyControllers = new Map<string, Controller>();
  /** Each action's name, by id, in list order. */
  private readonly actionNames: Map<string, string>;
  /** The action waiting for its new key, if any. */
  private waitingFor: string | null = null;
  /** A key whose press was taken for a binding: its release is taken too (Space would click the focused button). */
  private swallowRelease: string | null = null;
  private readonly window: Window;
  private disposed = false;

  private readonly onKeyDown = (e: KeyboardEvent) => {
    const action = this.waitingFor;
    if (action === null) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    // A key already held when waiting began repeats here: its release belongs to the game.
    if (e.repeat) return;
    this.swallowRelease = e.code;
    if (e.code === 'Escape' || this.hooks.rebind(action, e.code)) this.stopWaiting();
  };
  private readonly onKeyUp = (e: KeyboardEvent) => {
    if (e.code !== this.swallowRelease) return;
    this.swallowRelease = null;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  private readonly onPointerDown = (e: Event) => {
    if (this.waitingFor === null) return;
    const entry = this.keyControllers.get(this.waitingFor)!.domElement;
    if (!(e.target instanceof Node && entry.contains(e.target))) this.stopWaiting();
  };

  constructor(
    parent: GUI,
    private readonly model: PlayerSettingsFolderModel,
    private readonly hooks: PlayerSettingsFolderHooks,
    options: PlayerSettingsFolderOptions,
  ) {
    this.folder = parent.addFolder('Settings');
    this.actionNames = new Map(options.actions.map(({ id, name }) => [id, name]));
    const r = options.ranges;
    const slider = (key: PlayerSettingsSlider, name: string) => this.folder.add(model, key, r[key].min, r[key].max, r[key].step).name(name).onChange(() => hooks.changed(key));
    const toggle = (key: 'invertY' | 'viewBobbing', name: string) => this.folder.add(model, key).name(name).onChange(() => hooks.changed(key));
    const name = this.folder.add(model, 'displayName').name('display name').onFinishChange(() => hooks.changed('displayName'));
    name.domElement.classList.add('display-name');
    name.domElement.title = 'The name other players see in shared worlds (they see a new one the next time you join)';
    this.controllers.push(
      name,
      slider('fov', 'field of view (°)'),
      slider('mouseSensitivity', 'mouse sensitivity (×)'),
      slider('touchSensitivity', 'touch sensitivity (×)'),
      toggle('invertY', 'invert Y (down looks up)'),
      toggle('viewBobbing', 'view bobbing'),
    );

    const note = document.createElement('p');
    note.className = 'panel-note';
    note.textContent = 'Keys: click an action, then press its new key (Esc cancels). A key another action has moves here (the two swap if that one is left with none); F, 1–9 and Esc stay the game’s.';
    this.folder.$children.append(note);
    for (const { id } of options.actions) {
      const entry = this.folder.add({ rebind: () => this.entryClicked(id) }, 'rebind');
      entry.domElement.classList.add('key-binding');
      entry.domElement.dataset.action = id;
      this.keyControllers.set(id, entry);
    }
    this.refreshKeys();
    this.controllers.push(
      this.folder.add({ reset: () => this.resetClicked() }, 'reset').name('reset keys to defaults'),
    );
    this.folder.close();

    this.window = this.folder.domElement.ownerDocument.defaultView!;
    // Capture phase on the window: the press is taken before the game or lil-gui sees it.
    this.window.addEventListener('keydown', this.onKeyDown, true);
    this.window.addEventListener('keyup', this.onKeyUp, true);
    this.window.addEventListener('pointerdown', this.onPointerDown, true);
  }

  private nameEntry(action: string, name: string): void {
    const waiting = this.waitingFor === action;
    const entry = this.keyControllers.get(action)!;
    entry.name(`${name}: ${waiting ? WAITING : this.hooks.keysOf(action)}`);
    entry.domElement.classList.toggle('key-waiting', waiting);
  }

  private entryClicked(action: string): void {
    if (this.waitingFor === action) {
      this.stopWaiting();
      return;
    }
    this.stopWaiting();
    this.waitingFor = action;
    this.refreshKeys();
  }

  private resetClicked(): void {
    this.stopWaiting();
    this.hooks.resetKeys();
  }

  private stopWaiting(): void {
    if (this.waitingFor === null) return;
    this.waitingFor = null;
    this.refreshKeys();
  }

  private refreshKeys(): void {
    for (const [action, name] of this.actionNames) this.nameEntry(action, name);
  }

  /** Re-reads the model and the keys (after a correction, a reset, a rebinding). */
  refresh(): void {
    for (const c of this.controllers) c.updateDisplay();
    this.refreshKeys();
  }

  /** Removes the listeners and the folder. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.window.removeEventListener('keydown', this.onKeyDown, true);
    this.window.removeEventListener('keyup', this.onKeyUp, true);
    this.window.removeEventListener('pointerdown', this.onPointerDown, true);
    // The panel may have destroyed its folders already; a second destroy would take another row.
    if (this.folder.parent?.folders.includes(this.folder)) this.folder.destroy();
  }
}
