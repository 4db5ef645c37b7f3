/**
 * The game's own views over the canvas, built in stacking order and disposed together: the
 * HUD, the loading bar, the start screen, compare mode's divider, the Worlds dialog, the
 * toasts and the save warning (the hotbar and the inventory are HotbarFlow's). They show what they are given and report what the
 * player does through the hooks; the game decides what it means.
 */
import { CompareDivider, Hud, ProgressBar, SaveWarning, StartOverlay, Toasts, WorldsDialog, type PlayStart, type WorldsDialogHooks } from '../../ui';
import { COMPARE_ORDER } from '../session/world-sides';
import { NOISE_LABELS } from './hud-data';

export interface GameViewsHooks {
  /** The start screen's play button (a click or a tap) and its fullscreen button. */
  start(how: PlayStart): void;
  fullscreen(): void;
  /** Compare mode's divider was dragged to `split` (a fraction of the width). */
  dividerMoved(split: number): void;
  worlds: WorldsDialogHooks;
  /** The save warning's buttons. */
  exportWorld(): void;
  retrySaving(): void;
}

export type ToastKind = 'info' | 'warning' | 'error';

export class GameViews {
  readonly hud: Hud;
  readonly progressBar: ProgressBar;
  readonly overlay: StartOverlay;
  readonly divider: CompareDivider;
  readonly worldsDialog: WorldsDialog;
  private readonly toasts: Toasts;
  private readonly saveWarning: SaveWarning;
  private disposed = false;

  constructor(private readonly root: HTMLElement, hooks: GameViewsHooks) {
    this.hud = new Hud(root);
    this.progressBar = new ProgressBar(root);
    this.overlay = new StartOverlay(root, { start: (how) => hooks.start(how), fullscreen: () => hooks.fullscreen() });
    const [left, right] = COMPARE_ORDER.map((noise) => NOISE_LABELS[noise]);
    this.divider = new CompareDivider(root, [left!, right!], { moved: (split) => hooks.dividerMoved(split) });
    this.worldsDialog = new WorldsDialog(root, hooks.worlds);
    // Toasts after the start screen: messages sit above it, where every panel action happens.
    this.toasts = new Toasts(root);
    this.saveWarning = new SaveWarning(root, { exportWorld: () => hooks.exportWorld(), retry: () => hooks.retrySaving() });
  }

  toast(text: string, kind: ToastKind = 'info'): void {
    this.toasts.show(text, kind);
  }

  /** Saving keeps failing: the warning stays up, offering export and a retry. */
  saveFailing(reason: string, pending: number): void {
    this.saveWarning.show(reason, pending);
  }

  saveRecovered(): void {
    if (!this.saveWarning.visible) return;
    this.saveWarning.hide();
    this.toasts.show('Edits are being saved again.');
  }

  /** Compare mode's divider shown at `split`, or hidden; the page knows, for its layout. */
  showCompare(on: boolean, split: number): void {
    this.root.classList.toggle('comparing', on);
    if (!on) {
      this.divider.hide();
      return;
    }
    this.divider.set(split);
    this.divider.show();
  }

  /** A failure the player should see until it is fixed (the HUD's error line), and the console. */
  reportError(message: string): void {
    console.error(message);
    this.hud.showError(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const view of [this.saveWarning, this.toasts, this.worldsDialog, this.divider, this.overlay, this.progressBar, this.hud]) view.dispose();
  }
}
