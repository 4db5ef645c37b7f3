/**
 * The game's own views over the canvas, built in stacking order and disposed together: the
 * HUD, the loading bar, the start screen, compare mode's divider, the Worlds dialog, the
 * inventory, the hotbar, the toasts and the save warning. They show what they are given and report what the
 * player does through the hooks; the game decides what it means.
 */
import { CompareDivider, Hotbar, Hud, Inventory, ProgressBar, SaveWarning, StartOverlay, Toasts, WorldsDialog, type InventoryHooks, type PlayStart, type WorldsDialogHooks } from '../../ui';
import { COMPARE_ORDER } from '../session/world-sides';
import { NOISE_LABELS } from './hud-data';

export interface GameViewsHooks {
  /** The start screen's play button (a click or a tap) and its fullscreen button. */
  start(how: PlayStart): void;
  fullscreen(): void;
  /** Compare mode's divider was dragged to `split` (a fraction of the width). */
  dividerMoved(split: number): void;
  worlds: WorldsDialogHooks;
  hotbarSelected(slot: number): void;
  /** The hotbar's touch button. */
  openInventory(): void;
  inventory: InventoryHooks;
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
  readonly hotbar: Hotbar;
  readonly inventory: Inventory;
  private readonly toasts: Toasts;
  private readonly saveWarning: SaveWarning;
  private disposed = false;

  constructor(private readonly root: HTMLElement, atlas: { pixels: Uint8ClampedArray; width: number }, palette: readonly number[], hooks: GameViewsHooks) {
    this.hud = new Hud(root);
    this.progressBar = new ProgressBar(root);
    this.overlay = new StartOverlay(root, { start: (how) => hooks.start(how), fullscreen: () => hooks.fullscreen() });
    const [left, right] = COMPARE_ORDER.map((noise) => NOISE_LABELS[noise]);
    this.divider = new CompareDivider(root, [left!, right!], { moved: (split) => hooks.dividerMoved(split) });
    this.worldsDialog = new WorldsDialog(root, hooks.worlds);
    this.hotbar = new Hotbar(root, atlas, palette, { selected: (slot) => hooks.hotbarSelected(slot), openInventory: () => hooks.openInventory() });
    this.inventory = new Inventory(root, atlas, this.hotbar, hooks.inventory);
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
    for (const view of [this.saveWarning, this.toasts, this.inventory, this.hotbar, this.worldsDialog, this.divider, this.overlay, this.progressBar, this.hud]) view.dispose();
  }
}
