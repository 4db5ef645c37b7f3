/** Entry point: loads the block textures, starts the game, exposes `window.__game`. */
import atlasUrl from '../../assets/atlas.png?url';
import { loadImagePixels } from '../browser/image-pixels';
import { softwareRendering } from '../render/software-renderer';
import '../ui/style.css';
import { Game, type GameTestApi } from './game';
import { startServiceWorker } from './flows/service-worker';
import { parseUrlState } from './flows/url-state';
import { WorldLibrary, type WorldLibraryHooks } from '../persistence/world-library';
import { defaultPoolSize } from '../workers/worker-pool';
import { EarlyWorkers } from './loading/early-workers';

declare global {
  interface Window {
    __game?: GameTestApi;
  }
}

/**
 * Messages before the game exists (the library's migration report or storage switched off,
 * the service worker's "Ready to play offline.") wait here and are shown when it does; after
 * that they go straight to the game. The start-up notice (another tab blocks the database
 * upgrade, so the game cannot start yet) is shown at once, in the save warning's style.
 */
function libraryHooks(root: HTMLElement): { hooks: WorldLibraryHooks; later(run: (g: Game) => void): void; attach(game: Game): void } {
  let game: Game | null = null;
  let notice: HTMLDivElement | null = null;
  const early: (() => void)[] = [];
  const later = (run: (g: Game) => void) => (game ? run(game) : early.push(() => run(game!)));
  return {
    hooks: {
      message: (text, kind) => {
        if (kind !== 'info') console.warn(text);
        later((g) => g.notify(text, kind));
      },
      saveFailing: (reason, pending) => later((g) => g.saveFailing(reason, pending)),
      saveRecovered: () => later((g) => g.saveRecovered()),
      remoteEdits: (worldId, edits) => later((g) => g.remoteEdits(worldId, edits)),
      worldsChanged: () => later((g) => g.worldsChanged()),
      startupNotice: (text) => {
        notice?.remove();
        notice = null;
        if (text === null) return;
        notice = document.createElement('div');
        notice.className = 'save-warning';
        notice.setAttribute('role', 'status');
        notice.textContent = text;
        root.appendChild(notice);
      },
    },
    later,
    attach(g) {
      game = g;
      for (const run of early.splice(0)) run();
    },
  };
}

/**
 * Probes on a throwaway canvas: a context made on the game's canvas would be the one three.js
 * gets back, with the attributes of this first call (its powerPreference: 'high-performance'
 * would be silently dropped, so a dual-GPU laptop could render on the integrated GPU).
 * Returns the renderer's name, or null without WebGL 2.
 */
function probeWebGL2(): string | null {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return null;
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return renderer;
}

async function start(): Promise<void> {
  const root = document.getElementById('app')!;
  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const { hooks, later, attach } = libraryHooks(root);
  let library: WorldLibrary | null = null;
  // First, so that even a version that fails to start can be replaced by the next one.
  const serviceWorker = startServiceWorker(root, {
    saveEdits: async () => {
      // A library held only in memory (no IndexedDB here) would be lost by a reload.
      if (library && !library.persistent) throw new Error('this browser is not keeping worlds, so a reload would lose them');
      await library?.flush();
    },
    message: (text) => later((g) => g.notify(text)),
  });
  const renderer = probeWebGL2();
  if (renderer === null) {
    root.insertAdjacentHTML('beforeend', '<div class="fatal">This game needs WebGL 2, which this browser or device does not provide.</div>');
    return;
  }
  const software = softwareRendering(renderer);
  document.documentElement.classList.toggle('software-gl', software !== null);
  // The workers start now and the textures and the library load side by side: the first
  // columns then wait for none of it.
  const workers = new EarlyWorkers(defaultPoolSize(navigator.hardwareConcurrency), () =>
    new Worker(new URL('../workers/column.worker.ts', import.meta.url), { type: 'module', name: 'column-worker' }),
  );
  let game: Game;
  try {
    const [atlas, opened] = await Promise.all([loadImagePixels(atlasUrl, 'block textures'), WorldLibrary.open(hooks)]);
    library = opened;
    // A link that names a seed opens (or creates) that world; otherwise the last one played.
    const fromUrl = ['seed', 'type'].some((name) => new URLSearchParams(location.search).has(name)) ? parseUrlState(location.search).params : null;
    const startWorld = await library.startWorld(fromUrl);
    game = new Game({
      root,
      canvas,
      atlas,
      search: location.search,
      createWorker: workers.take,
      hardwareConcurrency: navigator.hardwareConcurrency,
      softwareRendering: software,
      library,
      startWorld,
    });
  } finally {
    workers.dispose();
  }
  attach(game);
  window.__game = game.api;
  import.meta.hot?.dispose(() => {
    serviceWorker.dispose();
    game.dispose();
  });
}

start().catch((err: unknown) => {
  console.error(err);
  const root = document.getElementById('app') ?? document.body;
  const box = document.createElement('div');
  box.className = 'fatal';
  box.textContent = `The game could not start: ${err instanceof Error ? err.message : String(err)}`;
  root.appendChild(box);
});
