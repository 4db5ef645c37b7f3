/**
 * Keeps what the player reads about the game current: the loading bar and the start card's
 * status every frame, and the HUD a few times a second (its data is gathered only then, since
 * the compare table sums over every column on screen).
 */
import type { CameraPose } from '../../controls/camera-pose';
import type { PlayerController } from '../../controls/player-controller';
import type { Hud, ProgressBar, StartOverlay } from '../../ui';
import type { WorldParams } from '../../world';
import type { BlockEditor } from '../session/block-editor';
import type { WorldSides } from '../session/world-sides';
import { biomeNameAt, compareSideData, hudDataOf } from './hud-data';
import { describeLoading, type LoadingProgress } from './loading-progress';

export interface HudFeedSources {
  pose: CameraPose;
  player: PlayerController;
  sides: WorldSides;
  editor: BlockEditor;
  params(): WorldParams;
  worldName(): string;
  /** The shared world's connection, in words ('' outside one). */
  shared(): string;
  fps(): number;
  farDistance(): number;
  workers(): number;
  frameStats(): { drawCalls: number; triangles: number; gpuBytes: number };
}

export interface HudFeedViews {
  hud: Hud;
  progressBar: ProgressBar;
  overlay: StartOverlay;
}

export class HudFeed {
  constructor(
    private readonly sources: HudFeedSources,
    private readonly views: HudFeedViews,
  ) {}

  /** Columns and far regions on screen, over every world shown. */
  loading(): LoadingProgress {
    return { columns: this.sources.sides.progress(), far: this.sources.sides.farProgress() };
  }

  update(now: number): void {
    const loading = describeLoading(this.loading());
    this.views.progressBar.update(loading.done, loading.fraction, loading.counts);
    if (this.views.overlay.visible) this.views.overlay.setStatus(loading.done ? 'World ready.' : `Loading terrain… ${loading.counts}`);
    if (this.views.hud.due(now)) this.views.hud.update(now, this.hudData());
  }

  private hudData() {
    const s = this.sources;
    const primary = s.sides.primary;
    const { loader, streamer } = primary;
    const far = primary.farCoverage();
    const progress = streamer.progress();
    const frame = s.frameStats();
    return hudDataOf({
      pose: s.pose,
      fps: s.fps(),
      params: s.params(),
      streaming: { ready: progress.ready, wanted: progress.wanted, pending: streamer.pendingCount(), loaded: streamer.loadedCount(), keptBehind: streamer.keptBehindCount() },
      far: { distance: s.farDistance(), shown: far.current, wanted: far.wanted, gpuMB: frame.gpuBytes / 2 ** 20 },
      perColumn: { generateMs: loader.generateMs.mean, meshMs: loader.meshMs.mean, quads: loader.quads.mean },
      frame,
      workers: s.workers(),
      speed: s.player.currentSpeed,
      mode: s.player.describe,
      world: s.worldName(),
      shared: s.shared(),
      biome: biomeNameAt(s.params(), s.pose.x, s.pose.z),
      block: `${s.editor.selectedName} (${s.editor.selectedSlot + 1})`,
      edits: s.editor.editCount,
      compare: s.sides.compare ? s.sides.all.map((side) => compareSideData(side.summary(), s.editor.editCountIn(side.key))) : undefined,
    });
  }
}
