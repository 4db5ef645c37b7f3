/**
 * The heads-up display: frame rate, where you are, what the streamer is doing and what a
 * column costs. Text is rewritten a few times a second, not every frame. On a small screen
 * it is two lines (frame rate and position; mode and biome), clear of the view and the panel.
 * During play it is one short line unless the player asks for the full one (F3, as in
 * Minecraft): the debug figures are for the start screen and for those who want them.
 */
import { el } from './dom';
import { SMALL_SCREEN_QUERY } from './small-screen';

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
  /** Far terrain: the far distance in columns (0: off), regions drawn / wanted, and GPU memory of all terrain. */
  far: { distance: number; shown: number; wanted: number; gpuMB: number };
  generateMs: number;
  meshMs: number;
  quadsPerColumn: number;
  drawCalls: number;
  triangles: number;
  workers: number;
  noise: string;
  seed: string;
  speed: number;
  /** How the player moves, in words: "walking", "swimming", "flying", "flying, no-clip". */
  mode: string;
  /** The open world's name. */
  world: string;
  /** A shared world's connection ("Shared world: online, 2 players"); absent outside one. */
  shared?: string;
  /** The biome under the camera, or what stands for it in worlds without biomes. */
  biome: string;
  /** Selected block, e.g. "stone (1)". */
  block: string;
  edits: number;
  /** Compare mode: one entry per side, left first; absent otherwise. */
  compare?: readonly CompareSideData[];
}

/** What the HUD's compare table shows for one side. */
export interface CompareSideData {
  label: string;
  loaded: number;
  generateMs: number;
  meshMs: number;
  quadsPerColumn: number;
  drawCalls: number;
  triangles: number;
  /** Terrain heights of the loaded columns, in blocks (NaN before any column arrives). */
  meanHeight: number;
  heightStdDev: number;
  /** Share of the loaded columns' surface at or above sea level, 0..1. */
  landShare: number;
  edits: number;
}

/** The compare table's rows: a label and how to show a side's value. */
const COMPARE_ROWS: readonly [string, (d: CompareSideData) => string][] = [
  ['columns loaded', (d) => String(d.loaded)],
  ['gen ms / column', (d) => fixed(d.generateMs, 2)],
  ['mesh ms / column', (d) => fixed(d.meshMs, 2)],
  ['quads / column', (d) => fixed(d.quadsPerColumn, 0)],
  ['draws, triangles', (d) => `${d.drawCalls}, ${(d.triangles / 1000).toFixed(0)}k`],
  ['height mean', (d) => fixed(d.meanHeight, 1)],
  ['height std dev', (d) => fixed(d.heightStdDev, 1)],
  ['land above sea', (d) => (Number.isFinite(d.landShare) ? `${(d.landShare * 100).toFixed(0)}%` : '–')],
  ['edits', (d) => String(d.edits)],
];

/** A number with `digits` decimals, or a dash where there is nothing to show yet. */
function fixed(n: number, digits: number): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '–';
}

const REFRESH_MS = 250;
/** How long an error stays on the HUD: a retried error that then succeeded should not linger. */
const ERROR_SHOW_MS = 15_000;

export class Hud {
  readonly element: HTMLDivElement;
  private readonly lines: HTMLPreElement;
  private readonly compare: HTMLTableElement;
  private readonly errors: HTMLDivElement;
  private lastRefresh = -Infinity;
  /** The compare table's value cells, [row][side], and the side labels they were built for. */
  private compareCells: HTMLTableCellElement[][] = [];
  private compareLabels = '';
  private errorShownAt = -Infinity;
  private readonly smallScreen: MediaQueryList | null;
  /** One short line (during play, unless F3) or every figure. */
  private short = false;

  constructor(parent: HTMLElement) {
    this.element = el('div', 'hud', parent);
    const win = parent.ownerDocument.defaultView;
    this.smallScreen = typeof win?.matchMedia === 'function' ? win.matchMedia(SMALL_SCREEN_QUERY) : null;
    this.lines = el('pre', 'hud-lines', this.element);
    this.compare = el('table', 'hud-compare', this.element);
    this.errors = el('div', 'hud-errors', this.element);
  }

  /** The short line (true) or every figure; shown at the next update. */
  setShort(short: boolean): void {
    if (short === this.short) return;
    this.short = short;
    this.lastRefresh = -Infinity;
  }

  get isShort(): boolean {
    return this.short;
  }

  /** Whether an update at `now` would be shown: the caller may skip gathering the data. */
  due(now: number): boolean {
    return now - this.lastRefresh >= REFRESH_MS;
  }

  update(now: number, d: HudData): void {
    if (!this.due(now)) return;
    this.lastRefresh = now;
    if (this.errors.textContent && now - this.errorShownAt > ERROR_SHOW_MS) setText(this.errors, '');
    const f = (n: number, digits = 1) => n.toFixed(digits);
    const compact = this.smallScreen?.matches === true;
    // A shared world's connection is on every layout: it says whether edits reach the others.
    const shared = d.shared ? `\n${d.shared}` : '';
    this.element.classList.toggle('compact', compact);
    this.element.classList.toggle('short', this.short && !compact);
    if (compact) {
      setText(this.lines, `${f(d.fps, 0)} fps  ${f(d.x, 0)} ${f(d.y, 0)} ${f(d.z, 0)}\n${d.mode} · ${d.biome}${shared}`);
      this.showCompare(undefined);
      return;
    }
    if (this.short) {
      setText(this.lines, `${f(d.fps, 0)} fps · ${f(d.x, 0)} ${f(d.y, 0)} ${f(d.z, 0)} · ${d.biome} · ${d.mode} · block ${d.block} · F3: more${shared}`);
      this.showCompare(undefined);
      return;
    }
    setText(this.lines, [
      `${f(d.fps, 0)} fps   ${d.drawCalls} draws   ${(d.triangles / 1000).toFixed(0)}k tris`,
      `pos  ${f(d.x)} ${f(d.y)} ${f(d.z)}`,
      `column  ${d.cx}, ${d.cz}   ${d.biome}`,
      `columns  ${d.ready} loaded / ${d.wanted} wanted  ${d.pending} pending  ${d.keptBehind} kept behind`,
      d.far.distance > 0
        ? `far ${d.far.distance} columns  ${d.far.shown} / ${d.far.wanted} regions   GPU ${f(d.far.gpuMB, 0)} MB`
        : `far terrain off   GPU ${f(d.far.gpuMB, 0)} MB`,
      `per column  gen ${f(d.generateMs, 2)} ms  mesh ${f(d.meshMs, 2)} ms  ${f(d.quadsPerColumn, 0)} quads`,
      `${d.workers} worker${d.workers === 1 ? '' : 's'}   noise ${d.noise}   seed "${d.seed.length > 24 ? d.seed.slice(0, 24) + '…' : d.seed}"`,
      `world ${d.world.length > 24 ? d.world.slice(0, 24) + '…' : d.world}   ${d.edits} edit${d.edits === 1 ? '' : 's'}   block ${d.block}`,
      `${d.mode} (F)   speed ${f(d.speed, 1)} blocks/s${shared}`,
    ].join('\n'));
    this.showCompare(d.compare);
  }

  /**
   * The compare table: built when the sides change (their labels), then only its cells'
   * text is rewritten, a few times a second.
   */
  private showCompare(sides: readonly CompareSideData[] | undefined): void {
    if (!sides || sides.length === 0) {
      if (this.compareCells.length > 0) this.compare.replaceChildren();
      this.compareLabels = '';
      this.compareCells = [];
      return;
    }
    const labels = sides.map((side) => side.label).join('\n');
    if (labels !== this.compareLabels) this.buildCompare(sides);
    COMPARE_ROWS.forEach(([, show], row) => sides.forEach((side, i) => setText(this.compareCells[row]![i]!, show(side))));
  }

  private buildCompare(sides: readonly CompareSideData[]): void {
    const head = el('tr', '');
    el('th', '', head, '');
    for (const side of sides) el('th', '', head, side.label);
    const thead = el('thead', '');
    thead.appendChild(head);
    const tbody = el('tbody', '');
    this.compareCells = COMPARE_ROWS.map(([name]) => {
      const tr = el('tr', '', tbody);
      el('td', '', tr, name);
      return sides.map(() => el('td', '', tr));
    });
    this.compare.replaceChildren(thead, tbody);
    this.compareLabels = sides.map((side) => side.label).join('\n');
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

/**
 * Rewrites a node's text only when it changed: an unchanged HUD line (standing still, a full
 * view) then costs the page no text node replaced and no layout.
 */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
