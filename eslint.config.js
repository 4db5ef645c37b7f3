// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Modules that make the world: pure (runnable in Node and in workers) and IEEE-exact. */
const PURE = ['src/noise/**', 'src/world/**', 'src/mesh/**', 'src/stream/**'];
/**
 * Pure too, but display-only (statistics the HUD and the lab show, never an input to
 * generation), so Math.sqrt and friends are allowed there.
 */
const PURE_DISPLAY = ['src/stats/**'];
/**
 * Benchmark workloads and their timing harness, shared by `npm run bench`, the bench-table
 * script and the noise lab's bench worker: pure too (the clock is passed in), not generation.
 */
const BENCH = ['src/bench/**'];
/**
 * The player's body and motion: pure (the caller passes dt, inputs and a block lookup), so
 * Node tests step it frame by frame. Not generation, so not held to IEEE-exact operations.
 */
const PHYSICS = ['src/physics/**'];
/**
 * What a saved world is and how it is written down: records, packed edits, the export file
 * and undo history. Pure (times and ids are passed in); IndexedDB itself lives in app/.
 */
const STORAGE = ['src/storage/**'];
/**
 * The player's controls with no DOM: camera pose, the player controller over the physics, key
 * bindings, the touch stick and look gesture, view bob, the settings record. The app's input
 * classes feed them events; Node tests drive them directly.
 */
const CONTROLS = ['src/controls/**'];
/**
 * The shared-world wire protocol: message types, validators and rate limits that the browser
 * client and the Colyseus room (server/) both import. Pure, so it runs alike in both: rate
 * limits take the time as an argument.
 */
const NET = ['src/net/**'];

/** three.js and its addons belong to render/ alone; lil-gui to ui/ alone. */
const THREE = { group: ['three', 'three/*'], message: 'Only src/render imports three.js (docs/architecture.md, "Layers").' };
const LIL_GUI = { group: ['lil-gui'], message: 'Only src/ui builds the lil-gui panel (docs/architecture.md, "Layers").' };
const APP = { group: ['**/app/**', './app/*'], message: 'Nothing imports app/: it is the composition root (docs/architecture.md, "Layers").' };

const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'performance', 'requestAnimationFrame', 'self'];

/**
 * The rules of a pure layer: no three.js or lil-gui, none of `forbiddenLayers`, no DOM or
 * clock globals, no Math.random or Date.now; and with `ieeeExact`, no engine-rounded
 * transcendentals either (world generation must give the same bits everywhere).
 * @param {{ files: string[], forbiddenLayers: string[], layersMessage: string, randomMessage: string, clockMessage?: string, ieeeExact?: boolean }} layer
 */
function pureLayer({ files, forbiddenLayers, layersMessage, randomMessage, clockMessage = 'Pure modules cannot touch the DOM or the clock.', ieeeExact = false }) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['three', 'three/*', 'lil-gui'], message: 'Pure modules cannot import three.js or lil-gui (docs/architecture.md, "Layers").' },
            { group: forbiddenLayers.map((layer) => `**/${layer}/**`), message: layersMessage },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_GLOBALS.map((name) => ({ name, message: clockMessage }))],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: randomMessage },
        { object: 'Date', property: 'now', message: clockMessage },
        ...(ieeeExact
          ? ['sin', 'cos', 'tan', 'exp', 'pow', 'sqrt', 'log', 'atan2', 'hypot', 'cbrt'].map((property) => ({
              object: 'Math',
              property,
              message: 'Engines may round transcendentals differently; generation must be IEEE-exact (docs/architecture.md, "Determinism").',
            }))
          : []),
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'noise-report/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  pureLayer({
    files: PURE_DISPLAY,
    forbiddenLayers: ['render', 'ui', 'app', 'workers', 'lab'],
    layersMessage: 'src/stats is a leaf: it imports no other layer (docs/architecture.md, "Layers").',
    randomMessage: 'Statistics are of given samples; they draw none.',
  }),
  pureLayer({
    files: BENCH,
    forbiddenLayers: ['render', 'ui', 'app', 'workers', 'lab'],
    layersMessage: 'src/bench imports only noise (docs/architecture.md, "Layers").',
    randomMessage: 'Benchmark inputs are seeded (src/bench/lcg.ts), so every run computes the same bits.',
    clockMessage: 'The harness takes its clock as an argument; it reads no global.',
  }),
  pureLayer({
    files: PHYSICS,
    forbiddenLayers: ['render', 'ui', 'app', 'workers', 'lab', 'storage', 'mesh', 'stream'],
    layersMessage: 'src/physics knows only a block lookup it is given (docs/architecture.md, "Layers").',
    randomMessage: 'The same inputs must give the same motion.',
    clockMessage: 'Physics takes dt as an argument; it reads no clock or DOM.',
  }),
  pureLayer({
    files: STORAGE,
    forbiddenLayers: ['render', 'ui', 'app', 'workers', 'lab'],
    layersMessage: 'src/storage is pure data and codecs; IndexedDB and files live in app/ (docs/architecture.md, "Layers").',
    randomMessage: 'Ids and times are passed in, so codecs give the same bytes for the same world.',
    clockMessage: 'Storage codecs take times as arguments; they read no clock or DOM.',
  }),
  pureLayer({
    files: CONTROLS,
    forbiddenLayers: ['render', 'ui', 'app', 'workers', 'lab', 'persistence', 'mesh', 'stream'],
    layersMessage: 'src/controls is pure player logic over physics, world and storage records (docs/architecture.md, "Layers").',
    randomMessage: 'The same input events must give the same pose.',
    clockMessage: 'Controls take times and dt as arguments; they read no clock or DOM.',
  }),
  pureLayer({
    files: NET,
    forbiddenLayers: ['render', 'ui', 'app', 'workers', 'lab', 'persistence', 'mesh', 'stream', 'audio', 'controls'],
    layersMessage: 'src/net is the wire protocol over world and storage alone; the client and the server both import it.',
    randomMessage: 'Ids and keys are made by their owners and passed in.',
    clockMessage: 'Rate limits take the time as an argument; the protocol reads no clock or DOM.',
  }),
  // noise <- world <- mesh <- stream are pure TypeScript (docs/architecture.md, "Layers"):
  // no three.js, no GUI, no DOM, no randomness, no clock; generation must not use
  // engine-rounded transcendentals.
  pureLayer({
    files: PURE,
    forbiddenLayers: ['render', 'ui', 'app', 'workers'],
    layersMessage: 'Pure modules cannot depend on render, ui, app or workers (docs/architecture.md, "Layers").',
    randomMessage: 'Use a seeded hash (docs/architecture.md, "Determinism").',
    ieeeExact: true,
  }),
  {
    // The noise lab (lab.html): its own page over the pure layers. It draws with canvas 2D
    // and builds its own DOM, so no three.js and no lil-gui; and it never reaches into the
    // game (app/, render/).
    files: ['src/lab/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['three', 'three/*'], message: 'The noise lab draws with canvas 2D, not three.js (docs/architecture.md §10).' },
            { group: ['lil-gui'], message: 'The noise lab builds its own controls; a lil-gui panel would live in src/ui (docs/architecture.md §10).' },
            { group: ['**/app/**', '**/render/**'], message: 'The noise lab never imports the game (app/) or its renderer (render/) (docs/architecture.md §10).' },
          ],
        },
      ],
    },
  },
  {
    // Browser helpers shared by the game and the lab: a leaf, no library, no page of ours.
    files: ['src/browser/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [THREE, LIL_GUI, APP, { group: ['**/lab/**', '**/render/**', '**/ui/**'], message: 'src/browser is a leaf shared by the game and the lab (docs/architecture.md, "Layers").' }] }] },
  },
  {
    // IndexedDB, the tab channel and the column writer: impure (they are the browser's
    // storage), but below the app: no rendering, no GUI, no DOM building.
    files: ['src/persistence/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [THREE, LIL_GUI, APP, { group: ['**/render/**', '**/ui/**', '**/workers/**', '**/lab/**'], message: 'src/persistence stores worlds; it neither draws nor builds UI (docs/architecture.md, "Layers").' }] }] },
  },
  {
    files: ['src/workers/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [THREE, LIL_GUI, APP] }] },
  },
  {
    files: ['src/render/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [LIL_GUI, APP] }] },
  },
  {
    files: ['src/ui/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [THREE, APP] }] },
  },
  {
    // The composition root wires render/ and ui/ together but touches neither library itself.
    files: ['src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [THREE, LIL_GUI] }] },
  },
);
