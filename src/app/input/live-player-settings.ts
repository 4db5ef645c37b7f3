/**
 * The player's settings while the game runs: read from the browser's storage at start (what
 * was not usable is reported), applied to the camera, the look controls, the keys and the
 * view bob, edited in the panel's Settings folder, and saved at every change. Game creates
 * one and asks it for the live key bindings and the pose to draw.
 */
import { PlayerSettingsFolder, type PlayerSettingsFolderModel, type SettingsPanel } from '../../ui';
import type { CameraPose } from '../../controls/camera-pose';
import { DEFAULT_KEY_BINDINGS, keysLabel, MOVE_ACTION_NAMES, MOVE_ACTIONS, rebindKey, type KeyBindings, type MoveAction } from '../../controls/key-bindings';
import type { PlayerController } from '../../controls/player-controller';
import { numericSettingProblem, PLAYER_SETTING_RANGES, readPlayerSettings, writePlayerSettings, type PlayerSettings, type SettingsStorage } from '../../controls/player-settings';
import { bobMotionOf, ViewBob } from '../../controls/view-bob';
import { checkDisplayName, PLAYER_KEY_STORAGE_KEY, readDisplayName, writeDisplayName } from '../../net/display-name';

export interface LivePlayerSettingsHost {
  /** Where settings are kept (localStorage; see browserSettingsStorage), or null where the browser forbids it. */
  storage: SettingsStorage | null;
  /** The panel the Settings folder joins. */
  panel: SettingsPanel;
  scene: { setFov(degrees: number): void };
  player: PlayerController;
  /** A message for the player (a toast). */
  notify(text: string, kind: 'info' | 'warning'): void;
  /** The key bindings changed (and at start): the start screen's controls table follows. */
  keyBindingsChanged(bindings: KeyBindings): void;
  /** The player's key, which the default display name is made from (by default read from storage). */
  playerKey?(): string | null;
  /** The display name changed in Settings (shared worlds joined from now on use it). */
  displayNameChanged?(name: string): void;
}

/** localStorage, or null where merely reading the property throws (storage disabled, some private modes). */
export function browserSettingsStorage(): SettingsStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export class LivePlayerSettings {
  private settings: PlayerSettings;
  private name: string;
  private readonly model: PlayerSettingsFolderModel;
  private readonly folder: PlayerSettingsFolder;
  private readonly bob = new ViewBob();
  /** A failed save is reported once, not at every slider step. */
  private saveFailureReported: boolean;

  constructor(private readonly host: LivePlayerSettingsHost) {
    const { settings, warnings } = readPlayerSettings(host.storage);
    for (const w of warnings) console.warn(w);
    // One message, not one per value: the toasts keep only the last few.
    if (warnings.length > 0) host.notify(warnings.join(' '), 'warning');
    // Without storage the start-up warning already says changes are not kept.
    this.saveFailureReported = host.storage === null;
    this.settings = settings;
    this.name = readDisplayName(host.storage, () => this.playerKey() ?? Math.random().toString(36).slice(2));
    const { fov, mouseSensitivity, touchSensitivity, invertY, viewBobbing } = settings;
    this.model = { displayName: this.name, fov, mouseSensitivity, touchSensitivity, invertY, viewBobbing };
    this.apply();
    this.folder = new PlayerSettingsFolder(
      host.panel.gui,
      this.model,
      {
        changed: (key) => this.changed(key),
        keysOf: (action) => keysLabel(this.settings.keyBindings[action as MoveAction]),
        rebind: (action, code) => this.rebind(action as MoveAction, code),
        resetKeys: () => this.setKeyBindings(DEFAULT_KEY_BINDINGS),
      },
      { ranges: PLAYER_SETTING_RANGES, actions: MOVE_ACTIONS.map((id) => ({ id, name: MOVE_ACTION_NAMES[id] })) },
    );
  }

  /** The settings in force (a copy: changing it changes nothing). */
  get current(): PlayerSettings {
    const bindings = {} as Record<MoveAction, string[]>;
    for (const action of MOVE_ACTIONS) bindings[action] = [...this.settings.keyBindings[action]];
    return { ...this.settings, keyBindings: bindings };
  }

  /** The name other players see (what a shared world is joined with). */
  get displayName(): string {
    return this.name;
  }

  /** The bindings now, for the keyboard handler (it asks at every key). */
  get keyBindings(): KeyBindings {
    return this.settings.keyBindings;
  }

  /** The pose to draw after a frame of `dt` seconds: `pose` with the view bob added; `pose` itself is not changed. */
  drawnPose(pose: Readonly<CameraPose>, dt: number): Readonly<CameraPose> {
    const player = this.host.player;
    this.bob.update(dt, bobMotionOf(player.state, player.mode, this.settings.viewBobbing));
    return this.bob.drawnPose(pose);
  }

  private apply(): void {
    const s = this.settings;
    this.host.scene.setFov(s.fov);
    this.host.player.setLook(s);
    this.host.keyBindingsChanged(s.keyBindings);
  }

  /** A value changed in the folder: kept when valid, else put back and the player told why. */
  private changed(key: keyof PlayerSettingsFolderModel): void {
    if (key === 'displayName') return this.rename();
    const value = this.model[key];
    if (key === 'fov' || key === 'mouseSensitivity' || key === 'touchSensitivity') {
      const problem = numericSettingProblem(key, value);
      if (problem) {
        this.model[key] = this.settings[key];
        this.folder.refresh();
        this.host.notify(`${String(value)} is ${problem}; ${key} stays ${this.settings[key]}.`, 'warning');
        return;
      }
    }
    this.settings = { ...this.settings, [key]: value };
    this.apply();
    this.save();
  }

  /** The name field was left: a good name is kept (as the room will show it), a bad one put back with the reason. */
  private rename(): void {
    const check = checkDisplayName(this.model.displayName);
    if (!check.ok) {
      this.model.displayName = this.name;
      this.folder.refresh();
      this.host.notify(`${check.reason} Your name stays ${this.name}.`, 'warning');
      return;
    }
    this.model.displayName = check.name;
    this.folder.refresh();
    if (check.name === this.name) return;
    this.name = check.name;
    const failure = writeDisplayName(this.host.storage, check.name);
    if (failure !== null) this.host.notify(`The name could not be saved (${failure}); it applies until this page is closed.`, 'warning');
    this.host.displayNameChanged?.(check.name);
  }

  private playerKey(): string | null {
    if (this.host.playerKey) return this.host.playerKey();
    try {
      return this.host.storage?.getItem(PLAYER_KEY_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  private rebind(action: MoveAction, code: string): boolean {
    const result = rebindKey(this.settings.keyBindings, action, code);
    if (!result.ok) {
      this.host.notify(`${result.reason} Press another key, or Esc to cancel.`, 'warning');
      return false;
    }
    if (result.message) this.host.notify(result.message, 'info');
    this.setKeyBindings(result.bindings);
    return true;
  }

  private setKeyBindings(bindings: KeyBindings): void {
    this.settings = { ...this.settings, keyBindings: bindings };
    this.folder.refresh();
    this.host.keyBindingsChanged(bindings);
    this.save();
  }

  private save(): void {
    const failure = writePlayerSettings(this.host.storage, this.settings);
    if (failure === null || this.saveFailureReported) return;
    this.saveFailureReported = true;
    const text = `Settings could not be saved: ${failure}. They apply until this page is closed.`;
    console.warn(text);
    this.host.notify(text, 'warning');
  }

  /** Removes the folder and its key listeners. Safe to call twice. */
  dispose(): void {
    this.folder.dispose();
  }
}
