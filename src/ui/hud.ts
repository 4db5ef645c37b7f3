/**
 * The heads-up display: frame rate, where you are, what the streamer is doing and what a
 * column costs. Text is rewritten a few times a second, not every frame.
 */
import { el } from './dom';

export interface HudData {
  fps: number;
  x: number;
  y: number;
  z: number;
  cx: number;
  cz: number;
  /** Wanted columns (within the render distance) showing the current world. */
  ready: number;
  wanted: number;
  pending: number;
  /** Columns still shown beyond the render distance, kept so a player turning back finds them. */
  keptBehind: number;
  generateMs: number;
  meshMs: number;
  quadsPerColumn: number;
  drawCalls: number;
  triangles: number;
  workers: number;
  noise: string;
  seed: string;
  speed: number;
  /** Selected block, e.g. "stone (1)". */
  block: string;
  edits: number;
}

const REFRESH_MS = 250;
/** How long an error stays on the HUD: a retried error that then succeeded should not linger. */
const ERROR_SHOW_MS = 15_000;

export class Hud {
  readonly element: HTMLDivElement;
  private readonly lines: HTMLPreElement;
  private readonly errors: HTMLDivElement;
  private lastRefresh = -Infinity;
  private errorShownAt = -Infinity;

  constructor(parent: HTMLElement) {
    this.element = el('div', 'hud', parent);
    this.lines = el('pre', 'hud-lines', this.element);
    this.errors = el('div', 'hud-errors', this.element);
  }

  update(now: number, d: HudData): void {
    if (now - this.lastRefresh < REFRESH_MS) return;
    this.lastRefresh = now;
    if (this.errors.textContent && now - this.errorShownAt > ERROR_SHOW_MS) this.errors.textContent = '';
    const f = (n: number, digits = 1) => n.toFixed(digits);
    this.lines.textContent = [
      `${f(d.fps, 0)} fps   ${d.drawCalls} draws   ${(d.triangles / 1000).toFixed(0)}k tris`,
      `pos  ${f(d.x)} ${f(d.y)} ${f(d.z)}`,
      `column  ${d.cx}, ${d.cz}`,
      `columns  ${d.ready} loaded / ${d.wanted} wanted  ${d.pending} pending  ${d.keptBehind} kept behind`,
      `per column  gen ${f(d.generateMs, 2)} ms  mesh ${f(d.meshMs, 2)} ms  ${f(d.quadsPerColumn, 0)} quads`,
      `${d.workers} worker${d.workers === 1 ? '' : 's'}   noise ${d.noise}   seed "${d.seed.length > 24 ? d.seed.slice(0, 24) + '…' : d.seed}"`,
      `speed ${f(d.speed, 0)} blocks/s   block ${d.block}   ${d.edits} edit${d.edits === 1 ? '' : 's'}`,
    ].join('\n');
  }

  /** Shows a worker or loading error for a while (the console keeps every one). */
  showError(message: string): void {
    this.errors.textContent = message;
    this.errorShownAt = performance.now();
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}
