/**
 * What the player is told about saving: that it fails (with the latest reason and how much
 * waits), and that it works again, said once and only after a failure was said. Several
 * things find out (a write failing, the connection lost, a Retry, a write succeeding), so
 * they all go through here.
 */
import type { WorldLibraryHooks } from './world-library-options';

export class SaveStatus {
  private failingShown = false;
  private disposed = false;

  constructor(
    private readonly hooks: Pick<WorldLibraryHooks, 'saveFailing' | 'saveRecovered'>,
    /** Columns whose changes wait in memory. */
    private readonly pending: () => number,
  ) {}

  failing(reason: string): void {
    if (this.disposed) return;
    this.failingShown = true;
    this.hooks.saveFailing(reason, this.pending());
  }

  recovered(): void {
    if (this.disposed || !this.failingShown) return;
    this.failingShown = false;
    this.hooks.saveRecovered();
  }

  /** Says nothing more. Safe twice. */
  dispose(): void {
    this.disposed = true;
  }
}
