/**
 * What the game does with its service worker's news: the first install says the game now
 * plays offline; a new version waiting shows the update prompt; "Reload now" saves every
 * edit, lets the new version take over and reloads once it has. Nothing reloads unless the
 * player asked. The registration and the prompt are passed in (src/app/flows/service-worker.ts
 * wires the real ones), so Node tests drive this with fakes.
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** What the flow shows: src/ui/update-prompt.ts. */
export interface UpdatePromptView {
  show(): void;
  hide(): void;
  /** Another tab let the new version in while this page runs the old one. */
  outdated(): void;
  reloading(): void;
  failed(reason: string): void;
  dispose(): void;
}

/** Registers the service worker; returns "activate the waiting version" (virtual:pwa-register's registerSW). */
export type RegisterServiceWorker = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

/** The page's service worker container, or the part of it the flow listens to. */
export type ControllerEvents = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;

export interface UpdateFlowOptions {
  register: RegisterServiceWorker;
  createPrompt(actions: { reload(): void; later(): void }): UpdatePromptView;
  /** Resolves once every edit is saved; rejects if they cannot be (then nothing reloads). */
  saveEdits(): Promise<void>;
  /** A short message for the player. */
  message(text: string): void;
  /** The registration failed: the game still plays, online. */
  warn(text: string): void;
  reloadPage(): void;
  /** null where the browser has no service workers. */
  controllerEvents: ControllerEvents | null;
  /** Whether a service worker controlled this page when it loaded (on a first visit none did). */
  controlledAtLoad: boolean;
}

export const OFFLINE_READY_MESSAGE = 'Ready to play offline.';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class UpdateFlow {
  private readonly prompt: UpdatePromptView;
  private readonly activateWaiting: (reloadPage?: boolean) => Promise<void>;
  private registration: ServiceWorkerRegistration | undefined;
  /** The player clicked "Reload now" and the edits are saved: the next controller change reloads. */
  private reloadAsked = false;
  /** "Later": the prompt stays away until the next load (which finds the version still waiting). */
  private dismissed = false;
  private saving = false;
  private reloaded = false;
  private disposed = false;
  /** Whether the page has had a controller: its first one on a first visit is the install, not an update. */
  private hadController: boolean;

  constructor(private readonly options: UpdateFlowOptions) {
    this.hadController = options.controlledAtLoad;
    options.controllerEvents?.addEventListener('controllerchange', this.onControllerChange);
    this.prompt = options.createPrompt({ reload: () => void this.reload(), later: () => this.later() });
    this.activateWaiting = options.register({
      onNeedRefresh: () => {
        // Called more than once for one version (when it installs, and when it is seen waiting).
        if (!this.disposed && !this.dismissed && !this.reloadAsked) this.prompt.show();
      },
      onOfflineReady: () => {
        if (!this.disposed) options.message(OFFLINE_READY_MESSAGE);
      },
      // registerSW would reload on its own whenever a new version takes control, also one that
      // another tab let in while this player clicked nothing: only a reload asked for here
      // happens (onControllerChange says when another tab did it).
      onNeedReload: () => this.reloadIfAsked(),
      onRegisteredSW: (_url, registration) => {
        this.registration = registration;
      },
      onRegisterError: (error: unknown) => {
        if (!this.disposed) options.warn(`The game cannot be saved for offline play: ${describe(error)}`);
      },
    });
  }

  /**
   * "Reload now": save, then hand over to the waiting version and reload when it controls the
   * page. Never rejects: a failed save or hand-over is told through the prompt.
   */
  async reload(): Promise<void> {
    if (this.disposed || this.saving || this.reloadAsked) return;
    this.saving = true;
    this.prompt.reloading();
    try {
      await this.options.saveEdits();
    } catch (error) {
      this.prompt.failed(`your edits could not be saved (${describe(error)}). Export the world, or try again.`);
      return;
    } finally {
      this.saving = false;
    }
    if (this.disposed) return;
    this.reloadAsked = true;
    // Without a waiting worker (another tab already let the new version in), the new version
    // is active and a plain reload gets it.
    if (!this.registration?.waiting) {
      this.reloadIfAsked();
      return;
    }
    // registerSW reloads on the controller change only if a worker controlled this page when
    // it loaded; on a first visit none did, so the flow watches the change itself.
    try {
      await this.activateWaiting(true);
    } catch (error) {
      // The waiting worker could not be told to take over (it became redundant, say). Nothing
      // will reload: the player gets both buttons back, and a later controller change is
      // another tab's news again, not this click's.
      this.reloadAsked = false;
      if (!this.disposed) this.prompt.failed(`the new version could not take over (${describe(error)}). Your edits are saved; try again, or choose Later.`);
    }
  }

  /** "Later": hides the prompt for the rest of this visit; nothing reloads. */
  later(): void {
    if (this.saving || this.reloadAsked) return;
    this.dismissed = true;
    this.prompt.hide();
  }

  /** Stops reacting to the service worker and takes the prompt away. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.options.controllerEvents?.removeEventListener('controllerchange', this.onControllerChange);
    this.prompt.dispose();
  }

  /**
   * A new worker controls the page. Asked for here: reload. The page's first controller on a
   * first visit is the install claiming it: nothing to say. Otherwise another tab let a new
   * version in, whose cleanup may remove this page's old files (a column worker started later
   * would not load): the player is asked to reload, even after "Later"; nothing reloads by itself.
   */
  private readonly onControllerChange = (): void => {
    if (this.disposed) return;
    if (this.reloadAsked) {
      this.reloadIfAsked();
      return;
    }
    const first = !this.hadController;
    this.hadController = true;
    if (first || this.saving) return;
    this.dismissed = false;
    this.prompt.outdated();
  };

  private reloadIfAsked(): void {
    if (this.disposed || !this.reloadAsked || this.reloaded) return;
    this.reloaded = true;
    this.options.reloadPage();
  }
}
