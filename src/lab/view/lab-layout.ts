/**
 * The lab page's DOM: the header (world controls, "Fly this", redraw time), the warning
 * stack, and one section per figure group with a heading and a one-line lesson. Builds
 * elements and wires controls to the given handlers; holds no state.
 */
import { NOISE_SOURCES, TERRAIN_STYLES, WORLD_TYPES, type NoiseSource, type WorldType } from '../../world';
import { controlRange, type InputMoment, type LabControl, type NumericControl } from '../control-input';
import { CURVE_LABELS, CURVE_NAMES, type CurveName } from '../compute/curves-1d';
import { FIGURE_SIZE } from '../compute/grid-area';
import { SLICE_LABELS, SLICE_NAMES, SLICE_SIZE, type SliceName } from '../compute/slices';
import { SOURCE_LABELS, SOURCE_NAMES, type SourceName } from '../compute/sources';
import { TERRAIN_SIZE } from '../compute/terrain-map';
import { ZOOMS } from '../lab-state';
import type { PanelName } from '../protocol';
import { BenchPanel } from './bench-panel';
import { CanvasFigure } from './canvas-figure';
import { CURVE_PLOT } from './curve-plot';
import { el, type Listeners } from './dom';
import { choiceField, numberField, selectField, textField, type Field } from './fields';
import { OctaveStrips } from './octave-strips';
import { StatsTable } from './stats-table';
import { WarningStrip } from './warning-strip';

export interface LayoutHandlers {
  input(name: LabControl, text: string, moment: InputMoment, event: Event): void;
  togglePlay(): void;
  measure(): void;
}

export interface LabLayout {
  fields: Map<LabControl, Field>;
  /** Every "Fly this" link; `noise` set where the link is for one side of the terrain. */
  flyLinks: { link: HTMLAnchorElement; noise?: NoiseSource }[];
  redrawStatus: HTMLElement;
  panelStatus: Map<PanelName, HTMLElement>;
  warnings: WarningStrip;
  curves: Map<CurveName, CanvasFigure>;
  plain: Map<SourceName, CanvasFigure>;
  octaveTitle: HTMLElement;
  octaves: OctaveStrips;
  fbmSources: Map<SourceName, CanvasFigure>;
  slicesSection: HTMLElement;
  playButton: HTMLButtonElement;
  slices: Map<SliceName, CanvasFigure>;
  terrain: Map<NoiseSource, CanvasFigure>;
  statsTable: StatsTable;
  bench: BenchPanel;
}

const LESSONS = {
  oneD: 'Value noise picks a random value at every lattice point (dots) and blends between them; the blend is the interpolation, and it decides how smooth the curve is at the dots (linear has corners, Catmull-Rom overshoots). Gradient noise (Perlin) is zero at every lattice point and picks a random slope there (yellow) instead, so its hills and valleys fall between the points.',
  twoD: 'The same 256 × 256 blocks at the same lattice scale, on one grey scale (−1 black, +1 white). White noise is one random value per cell; value noise blends them into blobs that line up with the lattice; the gradient noises give rounder features and hide the grid. Simplex-noise spreads wider than our Perlin (compare the statistics below).',
  fbm: 'Fractal Brownian motion sums octaves of one noise. Each octave has lacunarity times the frequency of the one before (finer detail) and persistence times its amplitude (less say). Top row: each octave alone; bottom row: the sum so far, divided by the weights so far (the fBm’s own normalisation), on the same grey scale. The last sum is the terrain’s height field, bit for bit.',
  slices: 'A flat slice through 3D noise moved along z (z = t) changes shape in place instead of scrolling; a slice through 4D noise moved through z and w together ((z, w) = (0.8t, 0.6t)) does the same without ever lining up with one lattice axis. One grey scale for all four, so Perlin’s narrower spread shows. Frames are computed in a worker, one at a time, at most 30 per second, while the section is on screen.',
  terrain: 'The current world from above, as its world type (biomes, classic or superflat) makes it, on both noises with the same seed and shape: the game’s own top blocks (sand, grass, stone cliffs, snow, gravel) in the mean colours of their textures, water below sea level (darker when deeper), hill-shaded from the north-west.',
  stats: 'From the very samples drawn above (256 × 256 each; plain noises from the 2D figures, fBm from the fBm figures). "Axes / diagonals" is the gradient energy within 22.5° of the lattice axes divided by the energy near the diagonals: 1.00 is isotropic, more means features line up with the grid (value noise; white noise here is constant on each cell, so all its edges are axis-aligned), less that they lean diagonal.',
  speed: 'Timed live in a worker of its own on the workloads of npm run bench (src/bench: seed 20240601, 4096 points scanned or scattered, 16 × 16 columns of six-octave fBm): warm-up, then 30 rounds in rotating order; medians. The animation pauses while it measures. "× faster" is simplex-noise’s (or the reference’s) time over ours.',
};

const NOISE_LABEL: Readonly<Record<NoiseSource, string>> = { perlin: 'Perlin (ours)', simplex: 'simplex-noise' };
/** The game's panel names the world types the same way. */
const WORLD_TYPE_LABEL: Readonly<Record<WorldType, string>> = { biomes: 'biomes (continents, rivers, caves)', classic: 'classic heightfield', flat: 'superflat' };

export function buildLabLayout(root: HTMLElement, listeners: Listeners, handlers: LayoutHandlers): LabLayout {
  const fields = new Map<LabControl, Field>();
  const panelStatus = new Map<PanelName, HTMLElement>();
  const onInput = (name: LabControl) => (text: string, moment: InputMoment, event: Event) => handlers.input(name, text, moment, event);
  const number = (parent: Element, name: NumericControl, label: string, slider: boolean, hint: string) =>
    fields.set(name, numberField(parent, listeners, { name, label, ...controlRange(name), slider, hint }, onInput(name)));
  const status = (parent: Element, panel: PanelName) => {
    const s = el('span', 'panel-status', parent);
    s.dataset.panel = panel;
    panelStatus.set(panel, s);
  };
  const section = (parent: Element, id: string, title: string, lead: string, panel?: PanelName) => {
    const element = el('section', 'lab-section', parent);
    element.id = id;
    el('h2', '', element, title);
    el('p', 'lead', element, lead);
    const bar = el('div', 'section-bar', element);
    if (panel) status(bar, panel);
    return { element, bar };
  };
  const figures = <K extends string>(parent: Element, names: readonly K[], make: (name: K) => ConstructorParameters<typeof CanvasFigure>[1]) =>
    new Map(names.map((name) => [name, new CanvasFigure(parent, make(name), listeners)] as const));

  // Header: title, world controls, Fly this, redraw time.
  const header = el('header', 'lab-header', root);
  const brand = el('div', 'brand', header);
  el('h1', '', brand, 'Noise lab');
  el('p', 'tagline', brand, 'The noises behind the voxel world, taken apart: same seed, same shape, live.');
  const controls = el('div', 'header-controls', header);
  fields.set('type', selectField(controls, listeners, { name: 'type', label: 'world type', choices: WORLD_TYPES.map((t) => ({ value: t, label: WORLD_TYPE_LABEL[t] })), hint: 'The generator of the terrain preview and of the world "Fly this" opens, as in the game.' }, onInput('type')));
  fields.set('seed', textField(controls, listeners, { name: 'seed', label: 'seed', hint: 'Seed text, as in the game: a whole number is that number, any other text is hashed.' }, onInput('seed')));
  fields.set('noise', selectField(controls, listeners, { name: 'noise', label: 'noise', choices: NOISE_SOURCES.map((n) => ({ value: n, label: NOISE_LABEL[n] })), hint: 'The noise of the octave rows and of the world "Fly this" opens.' }, onInput('noise')));
  fields.set('style', selectField(controls, listeners, { name: 'style', label: 'style', choices: TERRAIN_STYLES.map((s) => ({ value: s, label: s })), hint: 'How the terrain layers its octaves: fBm, ridged multifractal or domain-warped fBm.' }, onInput('style')));
  number(controls, 'scale', 'scale', false, 'Size in blocks of the largest features (the first octave’s wavelength).');
  number(controls, 'amplitude', 'amplitude', false, 'Blocks above and below sea level that the noise’s ±1 maps to.');
  number(controls, 'seaLevel', 'sea level', false, 'Water fills every column up to this height.');
  number(controls, 'biomeScale', 'biome size (×)', false, 'Biome size relative to the default (biomes worlds): 2 makes every biome twice as wide.');
  number(controls, 'x', 'x', false, 'Centre of the figures and of the terrain preview, in blocks.');
  number(controls, 'z', 'z', false, 'Centre of the figures and of the terrain preview, in blocks.');
  const actions = el('div', 'header-actions', header);
  const fly = el('a', 'fly-link', actions, 'Fly this ↗');
  fly.title = 'Open the game in this world, above the preview centre';
  const flyLinks: LabLayout['flyLinks'] = [{ link: fly }];
  const redrawStatus = el('span', 'redraw-status', actions, 'drawing…');
  redrawStatus.setAttribute('aria-live', 'polite');

  const warnings = new WarningStrip(root, listeners);
  const main = el('main', 'lab-main', root);

  const oneD = section(main, 'one-d', '1D: value noise and gradient noise', LESSONS.oneD, 'curves');
  const curves = figures(el('div', 'figure-grid grid-3', oneD.element), CURVE_NAMES, (name) => ({ title: CURVE_LABELS[name], ...CURVE_PLOT, fileName: `1d-${name}`, className: 'figure-curve' }));

  const twoD = section(main, 'two-d', '2D: white, value, Perlin and simplex-noise', LESSONS.twoD, 'plain');
  number(twoD.bar, 'cell', 'cell size (px per lattice cell)', true, 'Pixels per lattice cell of the plain noises.');
  const square = { width: FIGURE_SIZE, height: FIGURE_SIZE, className: 'figure-square' };
  const plain = figures(el('div', 'figure-grid grid-4', twoD.element), SOURCE_NAMES, (s) => ({ title: SOURCE_LABELS[s], fileName: `2d-${s}`, ...square }));

  const fbm = section(main, 'fbm', 'fBm: octaves, persistence, lacunarity', LESSONS.fbm, 'octaves');
  number(fbm.bar, 'octaves', 'octaves', true, 'How many octaves are summed (1..16).');
  number(fbm.bar, 'persistence', 'persistence', true, 'Amplitude ratio between octaves: higher is rougher.');
  number(fbm.bar, 'lacunarity', 'lacunarity', true, 'Frequency ratio between octaves: 2 doubles the detail each time.');
  const octaveTitle = el('h3', 'row-title', fbm.element, 'Octaves, one by one');
  const octaveRow = el('div', 'figure-strip', fbm.element);
  el('h3', 'row-title', fbm.element, 'Running sum');
  const octaves = new OctaveStrips(octaveRow, el('div', 'figure-strip', fbm.element), listeners);
  el('h3', 'row-title', fbm.element, 'The same fBm over each source');
  const fbmSources = figures(el('div', 'figure-grid grid-4', fbm.element), SOURCE_NAMES, (s) => ({ title: `${SOURCE_LABELS[s]} fBm`, fileName: `fbm-${s}`, ...square }));

  const slices = section(main, 'slices', '3D and 4D: moving slices', LESSONS.slices, 'slices');
  const playButton = el('button', 'button', slices.bar, 'Pause');
  playButton.type = 'button';
  listeners.on(playButton, 'click', () => handlers.togglePlay());
  const sliceFigures = figures(el('div', 'figure-grid grid-4', slices.element), SLICE_NAMES, (name) => ({ title: SLICE_LABELS[name], width: SLICE_SIZE, height: SLICE_SIZE, fileName: `slice-${name}`, className: 'figure-slice' }));

  const terrainSection = section(main, 'terrain', 'Terrain preview', LESSONS.terrain);
  fields.set('zoom', choiceField(terrainSection.bar, listeners, { name: 'zoom', label: 'blocks per pixel', choices: ZOOMS.map((z) => ({ value: String(z), label: String(z) })), hint: 'Blocks per pixel of the preview.' }, onInput('zoom')));
  const terrain = figures(el('div', 'figure-grid grid-2', terrainSection.element), NOISE_SOURCES, (noise) => ({ title: NOISE_LABEL[noise], width: TERRAIN_SIZE, height: TERRAIN_SIZE, fileName: `terrain-${noise}`, className: 'figure-terrain' }));
  for (const [noise, figure] of terrain) flyLinks.push({ link: el('a', 'fly-link fly-small', figure.element.querySelector('figcaption')!, 'Fly this ↗'), noise });

  const statsTable = new StatsTable(section(main, 'stats', 'Statistics', LESSONS.stats).element);
  const bench = new BenchPanel(section(main, 'speed', 'Speed: ns per sample, measured here', LESSONS.speed).element, listeners, () => handlers.measure());

  const footer = el('footer', 'lab-footer', root);
  footer.append('Voxel terrain sandbox · noise lab · ');
  el('a', '', footer, 'back to the game').href = './';

  return { fields, flyLinks, redrawStatus, panelStatus, warnings, curves, plain, octaveTitle, octaves, fbmSources, slicesSection: slices.element, playButton, slices: sliceFigures, terrain, statsTable, bench };
}

export { NOISE_LABEL };
