/**
 * The noise lab page: builds the sections, owns the state (world + view), turns control input
 * into state, asks the draw worker for each panel's pixels through the JobScheduler, draws
 * what comes back, keeps the URL and the "Fly this" links current, runs the bench worker,
 * and exposes `window.__lab` for tests (docs/architecture.md §10).
 */
import type { BenchReport } from '../bench/report';
import type { NoiseStats } from '../stats';
import { NOISE_SOURCES, seedFromText, TERRAIN_STYLES, worldParamsKey, type NoiseSource } from '../world';
import { BenchClient } from './bench-client';
import { applyControlInput, controlRange, controlValue, type InputMoment, type LabControl, type NumericControl } from './control-input';
import { CURVE_LABELS, CURVE_NAMES, type CurveName } from './compute/curves-1d';
import { fbmOptionsOf, type OctaveFigure } from './compute/fbm-2d';
import { FIGURE_SIZE, fbmGrid, OCTAVE_FIGURE_SIZE, plainGrid } from './compute/grid-area';
import { SLICE_LABELS, SLICE_NAMES, SLICE_SIZE, type SliceName } from './compute/slices';
import { SOURCE_LABELS, SOURCE_NAMES, type SourceName, type StatsKey } from './compute/sources';
import { TERRAIN_SIZE } from './compute/terrain-map';
import { JobScheduler, type JobTicket } from './job-scheduler';
import type { LabApi, LabStats, StatsArea } from './lab-api';
import { flyHref, readLabQuery, writeLabQuery } from './lab-query';
import { ZOOMS, type LabState } from './lab-state';
import { DRAW_WORKERS, STATIC_PANELS, WORKER_OF_PANEL, type LabJob, type LabReply, type LabResult, type PanelName } from './protocol';
import { SliceClock } from './slice-clock';
import { BenchPanel } from './view/bench-panel';
import { CanvasFigure } from './view/canvas-figure';
import { CURVE_PLOT, drawCurve } from './view/curve-plot';
import { el, Listeners } from './view/dom';
import { choiceField, numberField, selectField, textField, type Field } from './view/fields';
import { formatMs, formatNumber } from './view/format';
import { StatsTable } from './view/stats-table';
import { WarningStrip } from './view/warning-strip';

export interface LabPageOptions {
  root: HTMLElement;
  /** location.search at start. */
  search: string;
  /** assets/atlas.png as the build names it. */
  atlasUrl: string;
  /** Draw worker `index` (0 or 1, see WORKER_OF_PANEL). */
  createDrawWorker(index: number): Worker;
  createBenchWorker(): Worker;
  /** Writes the lab's query into the address bar (history.replaceState). */
  replaceQuery(search: string): void;
}

/** The URL is written this long after the last change (browsers throttle history updates). */
const URL_DELAY_MS = 150;
/** The first measurement starts this long after the figures are first drawn. */
const BENCH_DELAY_MS = 300;

const CURVE_COLOURS: Readonly<Record<CurveName, string>> = {
  linear: '#7cc4ff',
  cosine: '#8fd16a',
  smoothstep: '#c792ea',
  quintic: '#ff9e64',
  cubic: '#4fd6be',
  perlin: '#f7768e',
};

interface Change {
  control: string;
  at: number;
}

export class LabPage {
  readonly api: LabApi;
  private state: LabState;
  private readonly listeners = new Listeners();
  private readonly workers: Worker[] = [];
  private readonly scheduler: JobScheduler;
  private readonly bench: BenchClient;
  private readonly benchPanel: BenchPanel;
  private readonly warnings: WarningStrip;
  private readonly fields = new Map<LabControl, Field>();
  private readonly flyLinks: { link: HTMLAnchorElement; noise?: NoiseSource }[] = [];
  private readonly redrawStatus: HTMLElement;
  private readonly panelStatus = new Map<PanelName, HTMLElement>();

  private readonly curveFigures = new Map<CurveName, CanvasFigure>();
  private readonly plainFigures = new Map<SourceName, CanvasFigure>();
  private readonly fbmSourceFigures = new Map<SourceName, CanvasFigure>();
  private readonly octaveTitle: HTMLElement;
  private readonly octaveRow: HTMLElement;
  private readonly sumRow: HTMLElement;
  private octaveFigures: CanvasFigure[] = [];
  private sumFigures: CanvasFigure[] = [];
  private readonly sliceFigures = new Map<SliceName, CanvasFigure>();
  private readonly terrainFigures = new Map<NoiseSource, CanvasFigure>();
  private readonly statsTable: StatsTable;
  private readonly playButton: HTMLButtonElement;

  private readonly stats = new Map<StatsKey, NoiseStats>();
  private plainArea: StatsArea['plain'] | null = null;
  private fbmArea: StatsArea['fbm'] | null = null;

  private lastChange: Change | null = null;
  private readonly redrawLog: { control: string; ms: number }[] = [];
  private readonly readyWaiters: (() => void)[] = [];
  private benchWaiters: ((report: BenchReport) => void)[] = [];
  private benchReport: BenchReport | null = null;
  private benchStartedAt = 0;
  private benchScheduled: ReturnType<typeof setTimeout> | null = null;
  private urlTimer: ReturnType<typeof setTimeout> | null = null;
  private firstReady = true;

  private readonly clock = new SliceClock();
  private playing = true;
  private slicesVisible = true;
  private readonly observer: IntersectionObserver | null = null;
  private animationFrame = 0;
  /** Seed of the slices on screen (null before the first frame), and frames drawn. */
  private shownSliceSeed: number | null = null;
  private framesDrawn = 0;
  private staleFrames = 0;
  private disposed = false;

  constructor(private readonly options: LabPageOptions) {
    const { state, warnings } = readLabQuery(options.search);
    this.state = state;
    const root = options.root;
    root.classList.add('lab');

    // Header: title, world controls, Fly this, redraw time.
    const header = el('header', 'lab-header', root);
    const brand = el('div', 'brand', header);
    el('h1', '', brand, 'Noise lab');
    el('p', 'tagline', brand, 'The noises behind the voxel world, taken apart: same seed, same shape, live.');
    const controls = el('div', 'header-controls', header);
    this.addText(controls, 'seed', 'seed', 'Seed text, as in the game: a whole number is that number, any other text is hashed.');
    this.addSelect(controls, 'noise', 'noise', NOISE_SOURCES.map((n) => ({ value: n, label: n === 'perlin' ? 'Perlin (ours)' : 'simplex-noise' })), 'The noise of the fBm figure and of the world "Fly this" opens.');
    this.addSelect(controls, 'style', 'style', TERRAIN_STYLES.map((s) => ({ value: s, label: s })), 'How the terrain layers its octaves: fBm, ridged multifractal or domain-warped fBm.');
    this.addNumber(controls, 'scale', 'scale', false, 'Size in blocks of the largest features (the first octave’s wavelength).');
    this.addNumber(controls, 'amplitude', 'amplitude', false, 'Blocks above and below sea level that the noise’s ±1 maps to.');
    this.addNumber(controls, 'seaLevel', 'sea level', false, 'Water fills every column up to this height.');
    this.addNumber(controls, 'x', 'x', false, 'Centre of the figures and of the terrain preview, in blocks.');
    this.addNumber(controls, 'z', 'z', false, 'Centre of the figures and of the terrain preview, in blocks.');
    const actions = el('div', 'header-actions', header);
    const fly = el('a', 'fly-link', actions, 'Fly this ↗');
    fly.title = 'Open the game in this world, above the preview centre';
    this.flyLinks.push({ link: fly });
    this.redrawStatus = el('span', 'redraw-status', actions, 'drawing…');
    this.redrawStatus.setAttribute('aria-live', 'polite');

    this.warnings = new WarningStrip(root, this.listeners);
    const main = el('main', 'lab-main', root);

    // 1D.
    const { element: oneD } = this.section(main, 'one-d', '1D: value noise and gradient noise', 'Value noise picks a random value at every lattice point (dots) and blends between them; the blend is the interpolation, and it decides how smooth the curve is at the dots (linear has corners, Catmull-Rom overshoots). Gradient noise (Perlin) is zero at every lattice point and picks a random slope there (yellow) instead, so its hills and valleys fall between the points.', 'curves');
    const curveGrid = el('div', 'figure-grid grid-3', oneD);
    for (const name of CURVE_NAMES) {
      this.curveFigures.set(name, new CanvasFigure(curveGrid, { title: CURVE_LABELS[name], width: CURVE_PLOT.width, height: CURVE_PLOT.height, fileName: `1d-${name}`, className: 'figure-curve' }, this.listeners));
    }

    // 2D.
    const { element: twoD, bar: twoDControls } = this.section(main, 'two-d', '2D: white, value, Perlin and simplex-noise', 'The same 256 × 256 blocks at the same lattice scale, on one grey scale (−1 black, +1 white). White noise is one random value per cell; value noise blends them into blobs that line up with the lattice; the gradient noises give rounder features and hide the grid. Simplex-noise spreads wider than our Perlin (compare the statistics below).', 'plain');
    this.addNumber(twoDControls, 'cell', 'cell size (px per lattice cell)', true, 'Pixels per lattice cell of the plain noises.');
    const plainGridEl = el('div', 'figure-grid grid-4', twoD);
    for (const source of SOURCE_NAMES) {
      this.plainFigures.set(source, new CanvasFigure(plainGridEl, { title: SOURCE_LABELS[source], width: FIGURE_SIZE, height: FIGURE_SIZE, fileName: `2d-${source}`, className: 'figure-square' }, this.listeners));
    }

    // fBm.
    const { element: fbm, bar: fbmControls } = this.section(main, 'fbm', 'fBm: octaves, persistence, lacunarity', 'Fractal Brownian motion sums octaves of one noise. Each octave has lacunarity times the frequency of the one before (finer detail) and persistence times its amplitude (less say). Top row: each octave alone; bottom row: the sum so far, stretched to full contrast. The last sum is the terrain’s height field, bit for bit.', 'octaves');
    this.addNumber(fbmControls, 'octaves', 'octaves', true, 'How many octaves are summed (1..16).');
    this.addNumber(fbmControls, 'persistence', 'persistence', true, 'Amplitude ratio between octaves: higher is rougher.');
    this.addNumber(fbmControls, 'lacunarity', 'lacunarity', true, 'Frequency ratio between octaves: 2 doubles the detail each time.');
    this.octaveTitle = el('h3', 'row-title', fbm, 'Octaves, one by one');
    this.octaveRow = el('div', 'figure-strip', fbm);
    el('h3', 'row-title', fbm, 'Running sum');
    this.sumRow = el('div', 'figure-strip', fbm);
    const sourcesTitle = el('h3', 'row-title', fbm, 'The same fBm over each source');
    const fbmStatus = el('span', 'panel-status inline', sourcesTitle);
    fbmStatus.dataset.panel = 'fbm';
    this.panelStatus.set('fbm', fbmStatus);
    const fbmSources = el('div', 'figure-grid grid-4', fbm);
    for (const source of SOURCE_NAMES) {
      this.fbmSourceFigures.set(source, new CanvasFigure(fbmSources, { title: `${SOURCE_LABELS[source]} fBm`, width: FIGURE_SIZE, height: FIGURE_SIZE, fileName: `fbm-${source}`, className: 'figure-square' }, this.listeners));
    }

    // 3D and 4D.
    const { element: slices, bar: sliceControls } = this.section(main, 'slices', '3D and 4D: moving slices', 'A flat slice through 3D noise moved along z (z = t) changes shape in place instead of scrolling; a slice through 4D noise moved through z and w together ((z, w) = (0.8t, 0.6t)) does the same without ever lining up with one lattice axis. One grey scale for all four, so Perlin’s narrower spread shows. Frames are computed in a worker, one at a time, at most 30 per second, while the section is on screen.', 'slices');
    this.playButton = el('button', 'button', sliceControls, 'Pause');
    this.playButton.type = 'button';
    this.listeners.on(this.playButton, 'click', () => this.setPlaying(!this.playing));
    const sliceGrid = el('div', 'figure-grid grid-4', slices);
    for (const name of SLICE_NAMES) {
      this.sliceFigures.set(name, new CanvasFigure(sliceGrid, { title: SLICE_LABELS[name], width: SLICE_SIZE, height: SLICE_SIZE, fileName: `slice-${name}`, className: 'figure-slice' }, this.listeners));
    }

    // Terrain.
    const { element: terrain, bar: terrainControls } = this.section(main, 'terrain', 'Terrain preview', 'The current world from above, on both noises with the same seed and shape: the game’s own top blocks (sand, grass, stone cliffs, snow, gravel) in the mean colours of their textures, water below sea level (darker when deeper), hill-shaded from the north-west.');
    this.addChoice(terrainControls, 'zoom', 'blocks per pixel', ZOOMS.map((z) => ({ value: String(z), label: String(z) })), 'Blocks per pixel of the preview.');
    const terrainGrid = el('div', 'figure-grid grid-2', terrain);
    for (const noise of NOISE_SOURCES) {
      const figure = new CanvasFigure(terrainGrid, { title: noise === 'perlin' ? 'Perlin (ours)' : 'simplex-noise', width: TERRAIN_SIZE, height: TERRAIN_SIZE, fileName: `terrain-${noise}`, className: 'figure-terrain' }, this.listeners);
      const link = el('a', 'fly-link fly-small', figure.element.querySelector('figcaption')!, 'Fly this ↗');
      this.flyLinks.push({ link, noise });
      this.terrainFigures.set(noise, figure);
    }

    // Statistics.
    const { element: statsSection } = this.section(main, 'stats', 'Statistics', 'From the very samples drawn above (256 × 256 each; plain noises from the 2D figures, fBm from the fBm figures). "Axes / diagonals" is the gradient energy within 22.5° of the lattice axes divided by the energy near the diagonals: 1.00 is isotropic, more means features line up with the grid (value noise), less that they lean diagonal.');
    this.statsTable = new StatsTable(statsSection);

    // Speed.
    const { element: speed } = this.section(main, 'speed', 'Speed: ns per sample, measured here', 'Timed live in a worker of its own on the workloads of npm run bench (src/bench: seed 20240601, 4096 points scanned or scattered, 16 × 16 columns of six-octave fBm): warm-up, then 30 rounds in rotating order; medians. The animation pauses while it measures. "× faster" is simplex-noise’s (or the reference’s) time over ours.');
    this.benchPanel = new BenchPanel(speed, this.listeners, () => this.startBench());

    const footer = el('footer', 'lab-footer', root);
    footer.append('Voxel terrain sandbox · noise lab · ');
    const back = el('a', '', footer, 'back to the game');
    back.href = './';

    this.scheduler = new JobScheduler({
      post: (message) => this.workers[WORKER_OF_PANEL[message.panel]]!.postMessage(message),
      deliver: (result, ticket, workerMs) => this.deliver(result, ticket, workerMs),
      fail: (message, ticket) => this.failed(message, ticket),
    });
    for (let i = 0; i < DRAW_WORKERS; i++) {
      const worker = options.createDrawWorker(i);
      worker.onmessage = (event: MessageEvent<LabReply>) => this.scheduler.receive(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        const message = `A drawing worker failed: ${event.message || 'unknown error'}`;
        console.error(message);
        this.warnings.add(message);
      };
      worker.postMessage({ type: 'init', atlasUrl: options.atlasUrl });
      this.workers.push(worker);
    }

    this.bench = new BenchClient(options.createBenchWorker, {
      progress: (round, rounds) => this.benchPanel.running(round, rounds),
      done: (report) => this.benchDone(report),
      failed: (message) => {
        this.benchPanel.failed(message);
        console.error(`Noise lab bench: ${message}`);
        this.kickAnimation();
      },
    });

    if (typeof IntersectionObserver !== 'undefined') {
      this.observer = new IntersectionObserver((entries) => {
        for (const e of entries) this.slicesVisible = e.isIntersecting;
        this.kickAnimation();
      });
      this.observer.observe(slices);
    }

    for (const w of warnings) this.warnings.add(w);
    this.showState();
    this.options.replaceQuery(writeLabQuery(this.state));
    this.requestPanels(0);
    this.kickAnimation();

    this.api = this.createApi();
  }

  // --- building -------------------------------------------------------------------------

  /** A section: heading, one-line lead, a bar for its controls with the panel's timing at its end. */
  private section(parent: Element, id: string, title: string, lead: string, panel?: PanelName): { element: HTMLElement; bar: HTMLElement } {
    const element = el('section', 'lab-section', parent);
    element.id = id;
    el('h2', '', element, title);
    el('p', 'lead', element, lead);
    const bar = el('div', 'section-bar', element);
    if (panel) {
      const status = el('span', 'panel-status', bar);
      status.dataset.panel = panel;
      this.panelStatus.set(panel, status);
    }
    return { element, bar };
  }

  private addNumber(parent: Element, name: NumericControl, label: string, slider: boolean, hint: string): void {
    const range = controlRange(name);
    this.fields.set(name, numberField(parent, this.listeners, { name, label, ...range, slider, hint }, (text, moment, event) => this.input(name, text, moment, event)));
  }

  private addText(parent: Element, name: LabControl, label: string, hint: string): void {
    this.fields.set(name, textField(parent, this.listeners, { name, label, hint }, (text, moment, event) => this.input(name, text, moment, event)));
  }

  private addSelect(parent: Element, name: LabControl, label: string, choices: { value: string; label: string }[], hint: string): void {
    this.fields.set(name, selectField(parent, this.listeners, { name, label, choices, hint }, (text, moment, event) => this.input(name, text, moment, event)));
  }

  private addChoice(parent: Element, name: LabControl, label: string, choices: { value: string; label: string }[], hint: string): void {
    this.fields.set(name, choiceField(parent, this.listeners, { name, label, choices, hint }, (text, moment, event) => this.input(name, text, moment, event)));
  }

  // --- state ----------------------------------------------------------------------------

  private input(name: LabControl, text: string, moment: InputMoment, event: Event): void {
    if (this.disposed) return;
    const result = applyControlInput(this.state, name, text, moment);
    for (const w of result.warnings) this.warnings.add(w);
    if (moment === 'commit' || result.warnings.length > 0) this.fields.get(name)?.show(result.shown, true);
    if (!result.changed) return;
    this.state = result.state;
    // event.timeStamp is on performance.now()'s clock: the time the input happened.
    this.lastChange = { control: name, at: event.timeStamp || performance.now() };
    this.showState(name);
    this.scheduleUrl();
    this.requestPanels(this.lastChange.at);
    // A change no figure depends on (x moved within a block, say) has nothing to redraw.
    if (this.staticSettled()) this.lastChange = null;
    this.kickAnimation();
  }

  /** Brings every field and link in line with the state (except the field being typed in). */
  private showState(except?: LabControl): void {
    for (const [name, field] of this.fields) if (name !== except) field.show(controlValue(this.state, name));
    for (const { link, noise } of this.flyLinks) link.href = flyHref(this.state, noise);
  }

  private scheduleUrl(): void {
    if (this.urlTimer !== null) clearTimeout(this.urlTimer);
    this.urlTimer = setTimeout(() => {
      this.urlTimer = null;
      this.options.replaceQuery(writeLabQuery(this.state));
    }, URL_DELAY_MS);
  }

  private get seed(): number {
    return seedFromText(this.state.params.seed);
  }

  /** Asks each static panel for the current state; unchanged panels send nothing. */
  private requestPanels(changedAt: number): void {
    const { params, view } = this.state;
    const seed = this.seed;
    const x = Math.floor(view.x);
    const z = Math.floor(view.z);
    const shape = { octaves: params.octaves, persistence: params.persistence, lacunarity: params.lacunarity, scale: params.scale };
    const fbmKey = `${seed}|${shape.octaves}|${shape.persistence}|${shape.lacunarity}|${shape.scale}|${x}|${z}`;
    const terrainKey = `${worldParamsKey({ ...params, noise: 'perlin' })}|${x}|${z}|${view.zoom}`;
    // In order of what a change most visibly moves first: the octave rows, then the terrain.
    const jobs: [PanelName, string, LabJob][] = [
      ['octaves', `${params.noise}|${fbmKey}`, { kind: 'octaves', seed, noise: params.noise, shape, view: { x, z } }],
      ['terrain-perlin', terrainKey, { kind: 'terrain', params: { ...params }, noise: 'perlin', view: { x, z, zoom: view.zoom } }],
      ['terrain-simplex', terrainKey, { kind: 'terrain', params: { ...params }, noise: 'simplex', view: { x, z, zoom: view.zoom } }],
      ['fbm', fbmKey, { kind: 'fbm', seed, shape, view: { x, z } }],
      ['plain', `${seed}|${x}|${z}|${view.cell}`, { kind: 'plain', seed, view: { x, z, cell: view.cell } }],
      ['curves', `${seed}`, { kind: 'curves', seed }],
    ];
    for (const [panel, key, job] of jobs) this.scheduler.request(panel, key, job, changedAt);
  }

  // --- results --------------------------------------------------------------------------

  private deliver(result: LabResult, ticket: JobTicket, workerMs: number): void {
    switch (result.kind) {
      case 'curves':
        for (const curve of result.curves) drawCurve(this.curveFigures.get(curve.name)!.context2D, curve, CURVE_COLOURS[curve.name]);
        break;
      case 'plain': {
        for (const f of result.figures) {
          const figure = this.plainFigures.get(f.source)!;
          figure.putPixels(f.rgba, FIGURE_SIZE, FIGURE_SIZE);
          figure.setNote(`std ${formatNumber(f.stats.std, 3)} · range ${formatNumber(f.stats.min, 2)} … ${formatNumber(f.stats.max, 2)}`);
          this.setStats(f.source, f.stats);
        }
        const job = this.jobOf(ticket, 'plain');
        if (job) this.plainArea = { seed: job.seed, grid: plainGrid(job.view) };
        break;
      }
      case 'octaves': {
        this.showOctaves(result.octaves);
        const job = this.jobOf(ticket, 'octaves');
        if (job) this.octaveTitle.textContent = `Octaves of ${job.noise === 'perlin' ? 'Perlin (ours)' : 'simplex-noise'}, one by one (the noise control above picks which)`;
        break;
      }
      case 'fbm': {
        for (const f of result.sources) {
          const figure = this.fbmSourceFigures.get(f.source)!;
          figure.putPixels(f.rgba, FIGURE_SIZE, FIGURE_SIZE);
          figure.setNote(`std ${formatNumber(f.stats.std, 3)} · axes/diagonals ${formatNumber(f.stats.isotropy, 2)}`);
          this.setStats(`${f.source}-fbm`, f.stats);
        }
        const job = this.jobOf(ticket, 'fbm');
        if (job) this.fbmArea = { seed: job.seed, grid: fbmGrid(job.view), options: fbmOptionsOf(job.shape) };
        break;
      }
      case 'terrain': {
        const figure = this.terrainFigures.get(result.noise)!;
        figure.putPixels(result.rgba, result.area.size, result.area.size);
        figure.setNote(`heights ${result.minHeight}…${result.maxHeight} · ${Math.round(result.water * 100)}% under water · ${result.area.size * result.area.step} blocks across · worker ${formatMs(workerMs)}`);
        break;
      }
      case 'slices': {
        const job = this.jobOf(ticket, 'slices');
        // A frame of a world that is gone is stale: the next frame for the new seed is due.
        if (!job || job.seed !== this.seed) {
          this.staleFrames++;
          break;
        }
        for (const f of result.figures) this.sliceFigures.get(f.name)!.putPixels(f.rgba, SLICE_SIZE, SLICE_SIZE);
        for (const figure of this.sliceFigures.values()) figure.setNote(`t = ${result.t.toFixed(2)}`);
        this.shownSliceSeed = job.seed;
        this.framesDrawn++;
        break;
      }
    }
    const status = this.panelStatus.get(ticket.panel);
    if (status) status.textContent = `worker ${formatMs(workerMs)}`;
    this.afterDraw();
  }

  private jobOf<K extends LabJob['kind']>(ticket: JobTicket, kind: K): Extract<LabJob, { kind: K }> | null {
    return ticket.job.kind === kind ? (ticket.job as Extract<LabJob, { kind: K }>) : null;
  }

  private showOctaves(octaves: OctaveFigure[]): void {
    const n = octaves.length;
    this.octaveRow.style.setProperty('--columns', String(Math.min(8, n)));
    this.sumRow.style.setProperty('--columns', String(Math.min(8, n)));
    // Figures follow the octave count: add or remove at the end only.
    while (this.octaveFigures.length > n) this.octaveFigures.pop()!.remove();
    while (this.sumFigures.length > n) this.sumFigures.pop()!.remove();
    while (this.octaveFigures.length < n) {
      const i = this.octaveFigures.length;
      this.octaveFigures.push(new CanvasFigure(this.octaveRow, { title: `octave ${i + 1}`, width: OCTAVE_FIGURE_SIZE, height: OCTAVE_FIGURE_SIZE, fileName: `fbm-octave-${i + 1}`, className: 'figure-small' }, this.listeners));
      this.sumFigures.push(new CanvasFigure(this.sumRow, { title: `sum of 1–${i + 1}`, width: OCTAVE_FIGURE_SIZE, height: OCTAVE_FIGURE_SIZE, fileName: `fbm-sum-${i + 1}`, className: 'figure-small' }, this.listeners));
    }
    octaves.forEach((o, i) => {
      const octave = this.octaveFigures[i]!;
      octave.putPixels(o.rgba, OCTAVE_FIGURE_SIZE, OCTAVE_FIGURE_SIZE);
      octave.setNote(`${formatNumber(1 / o.frequency, 1)} blocks · weight ${formatNumber(o.weight, 3)}`);
      const sum = this.sumFigures[i]!;
      sum.putPixels(o.sumRgba, OCTAVE_FIGURE_SIZE, OCTAVE_FIGURE_SIZE);
      sum.setNote(`weights so far ${formatNumber(o.weightSoFar, 3)}`);
    });
  }

  private setStats(key: StatsKey, s: NoiseStats): void {
    this.stats.set(key, s);
    this.statsTable.update(key, s);
  }

  private failed(message: string, ticket: JobTicket): void {
    const text = `The ${ticket.panel} figures could not be drawn: ${message}`;
    console.error(`Noise lab: ${text}`);
    this.warnings.add(text);
    this.afterDraw();
  }

  private staticSettled(): boolean {
    return STATIC_PANELS.every((p) => this.scheduler.isSettled(p));
  }

  private isReady(): boolean {
    return this.staticSettled() && this.shownSliceSeed === this.seed;
  }

  /** After any draw: report the redraw time once everything shows the latest change; wake ready() waiters. */
  private afterDraw(): void {
    const change = this.lastChange;
    if (this.staticSettled() && change) {
      this.lastChange = null;
      // Measured to the frame that shows the pixels, not to putImageData.
      requestAnimationFrame(() => {
        const ms = performance.now() - change.at;
        this.redrawLog.push({ control: change.control, ms });
        this.redrawStatus.textContent = `redrawn in ${formatMs(ms)}`;
        this.redrawStatus.title = `from the ${change.control} change to the frame showing every figure`;
      });
    }
    if (!this.isReady()) return;
    if (this.firstReady) {
      this.firstReady = false;
      const ms = performance.now();
      this.redrawStatus.textContent = `first drawn ${formatMs(ms)} after opening`;
      this.benchScheduled = setTimeout(() => {
        this.benchScheduled = null;
        this.startBench();
      }, BENCH_DELAY_MS);
    }
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  // --- animation ------------------------------------------------------------------------

  private setPlaying(playing: boolean): void {
    this.playing = playing;
    this.playButton.textContent = playing ? 'Pause' : 'Play';
    this.kickAnimation();
  }

  /** Starts the frame loop if it is idle; it stops itself when nothing moves. */
  private kickAnimation(): void {
    if (this.disposed || this.animationFrame !== 0) return;
    // Time stood still while the loop was idle.
    this.clock.restart();
    this.animationFrame = requestAnimationFrame((now) => this.animate(now));
  }

  private animate(now: number): void {
    if (this.disposed) return;
    const moving = this.playing && this.slicesVisible && !this.bench.running;
    this.clock.tick(now, moving);
    const seed = this.seed;
    const needFrame = this.shownSliceSeed !== seed || moving;
    // Figures for a change first: frames wait until every static panel is drawn.
    if (needFrame && this.staticSettled() && this.scheduler.isSettled('slices') && this.clock.frameDue(now)) {
      const t = this.clock.t;
      this.scheduler.request('slices', `${seed}|${t}`, { kind: 'slices', seed, t }, now);
    }
    // Keep looping while frames are wanted or one is on its way.
    this.animationFrame = needFrame || !this.scheduler.isSettled('slices') ? requestAnimationFrame((t) => this.animate(t)) : 0;
  }

  // --- bench ----------------------------------------------------------------------------

  private startBench(): void {
    if (this.disposed || !this.bench.run()) return;
    this.benchStartedAt = performance.now();
  }

  private benchDone(report: BenchReport): void {
    this.benchReport = report;
    this.benchPanel.show(report, (performance.now() - this.benchStartedAt) / 1000);
    for (const resolve of this.benchWaiters.splice(0)) resolve(report);
    this.kickAnimation();
  }

  // --- test API -------------------------------------------------------------------------

  private createApi(): LabApi {
    return {
      ready: () =>
        new Promise<void>((resolve) => {
          if (this.isReady()) resolve();
          else this.readyWaiters.push(resolve);
        }),
      stats: () => {
        const out: Partial<Record<StatsKey, LabStats>> = {};
        for (const [key, s] of this.stats) out[key] = { min: s.min, max: s.max, mean: s.mean, std: s.std, histogram: s.histogram, isotropy: s.isotropy };
        return out as Record<StatsKey, LabStats>;
      },
      statsArea: () => ({ plain: this.plainArea!, fbm: this.fbmArea! }),
      state: () => structuredClone(this.state),
      warnings: () => [...this.warnings.history],
      redraws: () => [...this.redrawLog],
      bench: () =>
        new Promise<BenchReport>((resolve) => {
          if (this.benchReport && !this.bench.running) resolve(this.benchReport);
          else this.benchWaiters.push(resolve);
        }),
      counters: () => ({ posted: this.scheduler.posted, staleDropped: this.scheduler.staleDropped + this.staleFrames, framesDrawn: this.framesDrawn, inFlight: this.scheduler.inFlightCount() }),
    };
  }

  /** Stops the workers, the frame loop, the timers and every listener. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.listeners.removeAll();
    this.scheduler.dispose();
    for (const worker of this.workers) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    }
    this.bench.dispose();
    this.observer?.disconnect();
    if (this.animationFrame !== 0) cancelAnimationFrame(this.animationFrame);
    this.animationFrame = 0;
    if (this.urlTimer !== null) clearTimeout(this.urlTimer);
    if (this.benchScheduled !== null) clearTimeout(this.benchScheduled);
  }
}

