/**
 * The screen while playing, kept out of the way as Minecraft keeps it: the settings panel folds
 * when play starts (and unfolds on the start screen if it was open), the HUD is one short line
 * (F3: every figure), F1 hides every overlay for a clean picture, and a change of flight speed
 * shows its value above the hotbar for a moment.
 */
import type { Hotbar, Hud, StartOverlay } from '../../ui';

/** The settings panel as this needs it. */
export interface FoldingPanel {
  fold(): void;
  unfold(): void;
  readonly folded: boolean;
}

/** The class on <html> that hides every overlay (F1). */
export const UI_HIDDEN_CLASS = 'ui-hidden';

export class PlayScreen {
  /** The full HUD during play (F3), for the rest of the session. */
  private debugHud = false;
  /** The panel was open when play started: the start screen opens it again. */
  private panelWasOpen = false;
  private playing = false;
  /** What the game's keys and wheel do with it (GameInputActions' share). */
  readonly actions = {
    toggleDebugHud: () => this.toggleDebugHud(),
    toggleUi: () => this.toggleUi(),
    flightSpeedChanged: () => this.views.hotbar().flash(`Flight speed ${formatSpeed(this.flySpeed())} blocks/s`),
  };

  constructor(
    private readonly views: { hud: Hud; overlay: StartOverlay; hotbar: () => Hotbar },
    private readonly panel: () => FoldingPanel,
    private readonly flySpeed: () => number,
  ) {}

  get uiHidden(): boolean {
    return document.documentElement.classList.contains(UI_HIDDEN_CLASS);
  }

  /** Play started, by mouse or touch: both fold the panel (on a phone it would cover the buttons). */
  started(): void {
    this.views.overlay.hide();
    if (!this.playing) this.panelWasOpen = !this.panel().folded;
    this.playing = true;
    this.panel().fold();
    this.views.hud.setShort(!this.debugHud);
  }

  /** Back to the start screen: whole (F1's hiding ends), with every figure, and the panel as it was. */
  paused(): void {
    document.documentElement.classList.remove(UI_HIDDEN_CLASS);
    if (!this.playing) return;
    this.playing = false;
    this.views.hud.setShort(false);
    if (this.panelWasOpen) this.panel().unfold();
  }

  toggleDebugHud(): void {
    this.debugHud = !this.debugHud;
    if (this.playing) this.views.hud.setShort(!this.debugHud);
  }

  toggleUi(): void {
    document.documentElement.classList.toggle(UI_HIDDEN_CLASS);
  }
}

/** 24 -> "24", 2.5 -> "2.5": whole numbers from 10 up. */
function formatSpeed(speed: number): string {
  return speed >= 10 ? speed.toFixed(0) : speed.toFixed(1);
}
