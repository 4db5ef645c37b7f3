/**
 * Walking or flying, and flying through blocks: one switch the keys, the touch button, the
 * panel and a world's saved mode all go through, so the player, the panel, the touch controls
 * and the hints under the hotbar always agree, and the mode is saved with the pose at once.
 */
import type { PlayerController } from '../../controls/player-controller';
import type { PlayerMode } from '../../storage';
import type { Hotbar, TouchControls } from '../../ui';

export interface PlayModeHooks {
  /** The mode in force changed (the panel shows it; the pose save and the link carry it). */
  changed(mode: PlayerMode, noClip: boolean): void;
  toast(text: string): void;
  isTouchDevice(): boolean;
}

export class PlayMode {
  constructor(
    private readonly player: PlayerController,
    private readonly views: { hotbar: Hotbar; touch: TouchControls },
    private readonly hooks: PlayModeHooks,
  ) {}

  get mode(): PlayerMode {
    return this.player.mode;
  }

  toggle(): void {
    this.set(this.player.mode === 'walk' ? 'fly' : 'walk');
  }

  set(mode: PlayerMode): void {
    if (mode !== 'walk' && mode !== 'fly') return;
    const changed = mode !== this.player.mode;
    this.player.setMode(mode);
    if (!changed) return;
    this.views.touch.setMode(mode);
    this.showHint();
    this.hooks.changed(mode, this.player.noClip);
    if (this.hooks.isTouchDevice()) this.hooks.toast(mode === 'walk' ? 'Walking: Jump jumps (and swims up); push the stick past its ring to sprint.' : 'Flying: ▲ up, ▼ down; push the stick past its ring to go faster.');
    else this.hooks.toast(mode === 'walk' ? 'Walking: Space jumps (and swims up), Ctrl sprints. F or double-tap Space to fly.' : 'Flying: Space up, Shift down, Alt + wheel for speed. F or double-tap Space to walk.');
  }

  /** Flying through blocks: only in flight. */
  setNoClip(on: boolean): void {
    this.player.noClip = on && this.player.mode === 'fly';
    this.hooks.changed(this.player.mode, this.player.noClip);
  }

  /** The line under the hotbar: how to pick a block, and in flight how the wheel sets the speed. */
  showHint(): void {
    if (this.hooks.isTouchDevice()) {
      this.views.hotbar.setHint('tap a slot to choose · ▦: all blocks · tap: break · hold: place');
      return;
    }
    this.views.hotbar.setHint(this.player.mode === 'fly' ? '1–9 or wheel: block · E: all blocks · middle click: pick · Alt + wheel: flight speed · F: walk' : '1–9 or wheel: block · E: all blocks · middle click: pick · F: fly');
  }
}
