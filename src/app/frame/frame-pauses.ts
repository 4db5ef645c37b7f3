/**
 * When frames stop without the player asking, and what the player is told: a hidden tab, or a
 * WebGL context the browser took away (RunGate holds the reasons). Also the page's own
 * lifecycle: leaving or hiding the page is the last chance to save.
 */
import { ContextWatch } from '../../render';
import { PauseBanner } from '../../ui';
import { RunGate } from './run-gate';

export interface FramePausesHooks {
  /** Frames stop: the caller cancels its frame and stops handing out work. */
  paused(): void;
  /** Frames go on: the caller restarts its clock and its frame. */
  resumed(): void;
  /** The page is hidden or left: save what there is to save. */
  leaving(): void;
  /** Something the player should know. */
  toast(text: string): void;
}

export class FramePauses {
  private readonly gate: RunGate;
  private readonly banner: PauseBanner;
  private readonly contextWatch: ContextWatch;
  private disposed = false;
  private readonly onPageHide = () => this.hooks.leaving();
  private readonly onVisibilityChange = () => {
    const hidden = this.doc.visibilityState === 'hidden';
    if (hidden) this.hooks.leaving();
    this.gate.set('hidden', hidden);
  };

  constructor(
    root: HTMLElement,
    canvas: HTMLCanvasElement,
    private readonly hooks: FramePausesHooks,
  ) {
    this.banner = new PauseBanner(root);
    this.gate = new RunGate({
      paused: () => {
        hooks.paused();
        if (this.gate.has('context-lost')) this.banner.show('The browser took the graphics context away (a GPU reset, or too many 3D tabs). The game is paused and picks up where it was as soon as the context is back; nothing is lost.');
      },
      resumed: () => {
        this.banner.hide();
        hooks.resumed();
      },
    });
    this.contextWatch = new ContextWatch(canvas, {
      lost: () => this.gate.set('context-lost', true),
      restored: () => {
        this.gate.set('context-lost', false);
        hooks.toast('Graphics are back.');
      },
    });
    this.doc.defaultView!.addEventListener('pagehide', this.onPageHide);
    this.doc.addEventListener('visibilitychange', this.onVisibilityChange);
    if (this.doc.visibilityState === 'hidden') this.gate.set('hidden', true);
  }

  get running(): boolean {
    return this.gate.running;
  }

  private get doc(): Document {
    return this.banner.element.ownerDocument;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.contextWatch.dispose();
    this.doc.defaultView!.removeEventListener('pagehide', this.onPageHide);
    this.doc.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.banner.dispose();
  }
}
