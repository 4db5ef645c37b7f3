/**
 * The noise lab page's controller: owns the state (world + view), turns control input into
 * state, asks the draw workers for each panel's pixels through the JobScheduler, draws what
 * comes back, keeps the URL and the "Fly this" links current, runs the bench worker, and
 * exposes `window.__lab` for tests (docs/architecture.md §10). The DOM is built by
 * view/lab-layout.ts, the animation loop is slice-animation.ts.
 */
import type { BenchReport } from '../bench/report';
import type { NoiseStats } from '../stats';
import { seedFromText, worldParamsKey } from '../world';
import { BenchClient } from './bench-client';
import { applyControlInput, controlValue, type InputMoment, type LabControl } from './control-input';
import { controlUnusedBecause } from './control-use';
import type { CurveName } from './compute/curves-1d';
import { fbmOptionsOf } from './compute/fbm-2d';
import { FIGURE_SIZE, fbmGrid, plainGrid } from './compute/grid-area';
import { SLICE_SIZE } from './compute/slices';
import { SOURCE_NAMES, type StatsKey } from './compute/sources';
import { JobScheduler, type JobTicket } from './job-scheduler';
import type { LabApi, LabStats, PanelTiming, RedrawRecord, StatsArea } from './lab-api';
import { flyHref, readLabQuery, writeLabQuery } from './lab-query';
import type { LabState } from './lab-state';
import { DRAW_WORKERS, STATIC_PANELS, WORKER_OF_PANEL, type LabJob, type LabReply, type LabResult, type PanelName } from './protocol';
import { SliceAnimation } from './slice-animation';
import { drawCurve } from './view/curve-plot';
import { Listeners } from './view/dom';
import { formatMs, formatNumber } from './view/format';
import { buildLabLayout, NOISE_LABEL, type LabLayout } from './view/lab-layout';

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

export class LabPage {
  readonly api: LabApi;
  private state: LabState;
  private readonly listeners = new Listeners();
  private readonly layout: LabLayout;
  private readonly workers: Worker[] = [];
  private readonly scheduler: JobScheduler;
  private readonly bench: BenchClient;
  private readonly animation: SliceAnimation;
  private readonly observer: IntersectionObserver | null = null;

  private readonly stats = new Map<StatsKey, NoiseStats>();
  private plainArea: StatsArea['plain'] | null = null;
  private fbmArea: StatsArea['fbm'] | null = null;

  /** The last control change not yet shown in every figure, and when each panel drew it. */
  private lastChange: { control: string; at: number; panels: Partial<Record<PanelName, PanelTiming>> } | null = null;
  private readonly redrawLog: RedrawRecord[] = [];
  private readonly readyWaiters: (() => void)[] = [];
  private benchWaiters: ((report: BenchReport) => void)[] = [];
  private benchReport: BenchReport | null = null;
  private benchStartedAt = 0;
  private benchTimer: ReturnType<typeof setTimeout> | null = null;
  private urlTimer: ReturnType<typeof setTimeout> | null = null;
  private drawnOnce = false;
  private staleFrames = 0;
  private disposed = false;

  constructor(private readonly options: LabPageOptions) {
    const { state, warnings } = readLabQuery(options.search);
    this.state = state;
    options.root.classList.add('lab');
    this.layout = buildLabLayout(options.root, this.listeners, {
      input: (name, text, moment, event) => this.input(name, text, moment, event),
      togglePlay: () => {
        this.animation.setPlaying(!this.animation.isPlaying);
        this.layout.playButton.textContent = this.animation.isPlaying ? 'Pause' : 'Play';
      },
      measure: () => this.startBench(),
    });

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
        this.layout.warnings.add(message);
      };
      worker.postMessage({ type: 'init', atlasUrl: options.atlasUrl });
      this.workers.push(worker);
    }

    this.bench = new BenchClient(options.createBenchWorker, {
      progress: (round, rounds) => this.layout.bench.running(round, rounds),
      done: (report) => this.benchDone(report),
      failed: (message) => {
        this.layout.bench.failed(message);
        console.error(`Noise lab bench: ${message}`);
        this.animation.kick();
      },
    });

    this.animation = new SliceAnimation({
      seed: () => this.seed,
      staticSettled: () => this.staticSettled(),
      sliceSettled: () => this.scheduler.isSettled('slices'),
      benchRunning: () => this.bench.running,
      requestFrame: (seed, t, now) => this.scheduler.request('slices', `${seed}|${t}`, { kind: 'slices', seed, t }, now),
    });
    if (typeof IntersectionObserver !== 'undefined') {
      this.observer = new IntersectionObserver((entries) => {
        for (const e of entries) this.animation.setVisible(e.isIntersecting);
      });
      this.observer.observe(this.layout.slicesSection);
    }

    for (const w of warnings) this.layout.warnings.add(w.text, w.control);
    this.showState();
    this.options.replaceQuery(writeLabQuery(this.state));
    this.requestPanels(0);
    this.animation.kick();
    this.api = this.createApi();
  }

  // --- state ----------------------------------------------------------------------------

  private input(name: LabControl, text: string, moment: InputMoment, event: Event): void {
    if (this.disposed) return;
    const result = applyControlInput(this.state, name, text, moment);
    if (result.accepted) this.layout.warnings.clear(name);
    for (const w of result.warnings) this.layout.warnings.add(w, name);
    if (moment === 'commit' || result.warnings.length > 0) this.layout.fields.get(name)?.show(result.shown, true);
    if (!result.changed) return;
    this.state = result.state;
    // event.timeStamp is on performance.now()'s clock: the time the input happened.
    this.lastChange = { control: name, at: event.timeStamp || performance.now(), panels: {} };
    this.showState(name);
    this.scheduleUrl();
    this.requestPanels(this.lastChange.at);
    // A change no figure depends on (x moved within a block, say) has nothing to redraw.
    if (this.staticSettled()) this.lastChange = null;
    this.animation.kick();
  }

  /** Brings every field and link in line with the state (except the field being typed in). */
  private showState(except?: LabControl): void {
    for (const [name, field] of this.layout.fields) {
      if (name !== except) field.show(controlValue(this.state, name));
      field.setUnused(controlUnusedBecause(this.state.params.type, name));
    }
    for (const { link, noise } of this.layout.flyLinks) link.href = flyHref(this.state, noise);
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

  /** Asks each static panel for the current state; panels already showing it send nothing. */
  private requestPanels(changedAt: number): void {
    const { params, view } = this.state;
    const seed = this.seed;
    const x = Math.floor(view.x);
    const z = Math.floor(view.z);
    const shape = { octaves: params.octaves, persistence: params.persistence, lacunarity: params.lacunarity, scale: params.scale };
    const fbmKey = `${seed}|${shape.octaves}|${shape.persistence}|${shape.lacunarity}|${shape.scale}|${x}|${z}`;
    const terrainKey = `${worldParamsKey({ ...params, noise: 'perlin' })}|${x}|${z}|${view.zoom}`;
    // In the order a change most visibly moves things: the octave rows, then the terrain.
    const jobs: [PanelName, string, LabJob][] = [
      ['octaves', `${params.noise}|${fbmKey}`, { kind: 'octaves', seed, noise: params.noise, shape, view: { x, z } }],
      ['terrain-perlin', terrainKey, { kind: 'terrain', params: { ...params }, noise: 'perlin', view: { x, z, zoom: view.zoom } }],
      ['terrain-simplex', terrainKey, { kind: 'terrain', params: { ...params }, noise: 'simplex', view: { x, z, zoom: view.zoom } }],
      ...SOURCE_NAMES.map((source): [PanelName, string, LabJob] => [`fbm-${source}`, fbmKey, { kind: 'fbm', seed, source, shape, view: { x, z } }]),
      ['plain', `${seed}|${x}|${z}|${view.cell}`, { kind: 'plain', seed, view: { x, z, cell: view.cell } }],
      ['curves', `${seed}`, { kind: 'curves', seed }],
    ];
    for (const [panel, key, job] of jobs) this.scheduler.request(panel, key, job, changedAt);
  }

  // --- results --------------------------------------------------------------------------

  private deliver(result: LabResult, ticket: JobTicket, workerMs: number): void {
    const { layout } = this;
    const job = ticket.job;
    switch (result.kind) {
      case 'curves':
        for (const curve of result.curves) drawCurve(layout.curves.get(curve.name)!.context2D, curve, CURVE_COLOURS[curve.name]);
        break;
      case 'plain':
        for (const f of result.figures) {
          const figure = layout.plain.get(f.source)!;
          figure.putPixels(f.rgba, FIGURE_SIZE, FIGURE_SIZE);
          figure.setNote(`std ${formatNumber(f.stats.std, 3)} · range ${formatNumber(f.stats.min, 2)} … ${formatNumber(f.stats.max, 2)}`);
          this.setStats(f.source, f.stats);
        }
        if (job.kind === 'plain') this.plainArea = { seed: job.seed, grid: plainGrid(job.view) };
        break;
      case 'octaves':
        layout.octaves.show(result.octaves);
        if (job.kind === 'octaves') layout.octaveTitle.textContent = `Octaves of ${NOISE_LABEL[job.noise]}, one by one (the noise control above picks which)`;
        break;
      case 'fbm': {
        const f = result.figure;
        const figure = layout.fbmSources.get(f.source)!;
        figure.putPixels(f.rgba, FIGURE_SIZE, FIGURE_SIZE);
        figure.setNote(`std ${formatNumber(f.stats.std, 3)} · axes/diag. ${formatNumber(f.stats.isotropy, 2)} · ${formatMs(workerMs)}`);
        this.setStats(`${f.source}-fbm`, f.stats);
        // All four fBm panels are asked for the same shape and place, so any of them names the area.
        if (job.kind === 'fbm') this.fbmArea = { seed: job.seed, grid: fbmGrid(job.view), options: fbmOptionsOf(job.shape) };
        break;
      }
      case 'terrain': {
        const figure = layout.terrain.get(result.noise)!;
        figure.putPixels(result.rgba, result.area.size, result.area.size);
        figure.setNote(`heights ${result.minHeight}…${result.maxHeight} · ${Math.round(result.water * 100)}% under water · ${result.area.size * result.area.step} blocks across · ${formatMs(workerMs)}`);
        break;
      }
      case 'slices':
        // A frame of a world that is gone is stale: the frame for the new seed is due next.
        if (job.kind !== 'slices' || job.seed !== this.seed) {
          this.staleFrames++;
          break;
        }
        for (const f of result.figures) layout.slices.get(f.name)!.putPixels(f.rgba, SLICE_SIZE, SLICE_SIZE);
        for (const figure of layout.slices.values()) figure.setNote(`t = ${result.t.toFixed(2)}`);
        this.animation.drawn(job.seed);
        break;
    }
    const status = layout.panelStatus.get(ticket.panel);
    if (status) status.textContent = `worker ${formatMs(workerMs)}`;
    const change = this.lastChange;
    if (change && ticket.panel !== 'slices') change.panels[ticket.panel] = { drawnMs: performance.now() - change.at, workerMs };
    this.afterDraw();
  }

  private setStats(key: StatsKey, s: NoiseStats): void {
    this.stats.set(key, s);
    this.layout.statsTable.update(key, s);
  }

  private failed(message: string, ticket: JobTicket): void {
    const text = `The ${ticket.panel} figures could not be drawn: ${message}`;
    console.error(`Noise lab: ${text}`);
    this.layout.warnings.add(text);
    this.afterDraw();
  }

  private staticSettled(): boolean {
    return STATIC_PANELS.every((p) => this.scheduler.isSettled(p));
  }

  private isReady(): boolean {
    return this.staticSettled() && this.animation.shows(this.seed);
  }

  /** After any draw: report the redraw time once every figure shows the latest change; wake ready() waiters. */
  private afterDraw(): void {
    const change = this.lastChange;
    const status = this.layout.redrawStatus;
    if (change && this.staticSettled()) {
      this.lastChange = null;
      // Measured to the frame that shows the pixels, not to putImageData.
      requestAnimationFrame(() => {
        const ms = performance.now() - change.at;
        this.redrawLog.push({ control: change.control, ms, panels: change.panels });
        const first = Math.min(...Object.values(change.panels).map((p) => p.drawnMs));
        status.textContent = `redrawn in ${formatMs(ms)} · first figure ${formatMs(first)}`;
        status.title =
          `From the ${change.control} input to the frame showing every redrawn figure, and to the first one drawn. ` +
          Object.entries(change.panels).map(([panel, p]) => `${panel}: drawn at ${formatMs(p.drawnMs)}, worker ${formatMs(p.workerMs)}`).join('; ');
      });
    }
    if (!this.isReady()) return;
    if (!this.drawnOnce) {
      this.drawnOnce = true;
      status.textContent = `first drawn ${formatMs(performance.now())} after opening`;
      if (this.state.view.measure === 'auto') {
        this.benchTimer = setTimeout(() => {
          this.benchTimer = null;
          this.startBench();
        }, BENCH_DELAY_MS);
      } else this.layout.bench.waiting();
    }
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  // --- bench ----------------------------------------------------------------------------

  private startBench(): void {
    if (this.disposed || !this.bench.run()) return;
    this.benchStartedAt = performance.now();
  }

  private benchDone(report: BenchReport): void {
    this.benchReport = report;
    this.layout.bench.show(report, (performance.now() - this.benchStartedAt) / 1000);
    for (const resolve of this.benchWaiters.splice(0)) resolve(report);
    this.animation.kick();
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
      warnings: () => [...this.layout.warnings.history],
      redraws: () => [...this.redrawLog],
      bench: () =>
        new Promise<BenchReport>((resolve) => {
          if (this.benchReport && !this.bench.running) resolve(this.benchReport);
          else this.benchWaiters.push(resolve);
        }),
      counters: () => ({
        posted: this.scheduler.posted,
        staleDropped: this.scheduler.staleDropped + this.staleFrames,
        framesDrawn: this.animation.framesDrawn,
        inFlight: this.scheduler.inFlightCount(),
      }),
      dispose: () => this.dispose(),
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
    this.animation.dispose();
    this.observer?.disconnect();
    if (this.urlTimer !== null) clearTimeout(this.urlTimer);
    if (this.benchTimer !== null) clearTimeout(this.benchTimer);
  }
}
