/** Entry point: loads the block textures, starts the game, exposes `window.__game`. */
import atlasUrl from '../../assets/atlas.png?url';
import { loadImagePixels } from '../browser/image-pixels';
import '../ui/style.css';
import { EditPersistence } from './edit-persistence';
import { Game, type GameTestApi } from './game';

declare global {
  interface Window {
    __game?: GameTestApi;
  }
}

/** Opens saved edits; a browser that cannot store them still plays, with a warning. */
async function openEditStorage(): Promise<{ persistence: EditPersistence | null; savedEdits: Map<string, unknown[]>; warning?: string }> {
  try {
    const persistence = await EditPersistence.open();
    return { persistence, savedEdits: await persistence.loadAll() };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { persistence: null, savedEdits: new Map(), warning: `Edits will not be saved in this browser (${reason}).` };
  }
}

/**
 * Probes on a throwaway canvas: a context made on the game's canvas would be the one three.js
 * gets back, with the attributes of this first call (its powerPreference: 'high-performance'
 * would be silently dropped, so a dual-GPU laptop could render on the integrated GPU).
 */
function supportsWebGL2(): boolean {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return false;
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return true;
}

async function start(): Promise<void> {
  const root = document.getElementById('app')!;
  const canvas = document.getElementById('view') as HTMLCanvasElement;
  if (!supportsWebGL2()) {
    root.insertAdjacentHTML('beforeend', '<div class="fatal">This game needs WebGL 2, which this browser or device does not provide.</div>');
    return;
  }
  const atlas = await loadImagePixels(atlasUrl, 'block textures');
  const { persistence, savedEdits, warning } = await openEditStorage();
  const game = new Game({
    root,
    canvas,
    atlas,
    search: location.search,
    createWorker: () => new Worker(new URL('../workers/column.worker.ts', import.meta.url), { type: 'module', name: 'column-worker' }),
    hardwareConcurrency: navigator.hardwareConcurrency,
    persistence,
    savedEdits,
  });
  if (warning) {
    console.warn(warning);
    game.notify(warning, 'warning');
  }
  window.__game = game.api;
  import.meta.hot?.dispose(() => game.dispose());
}

start().catch((err: unknown) => {
  console.error(err);
  const root = document.getElementById('app') ?? document.body;
  const box = document.createElement('div');
  box.className = 'fatal';
  box.textContent = `The game could not start: ${err instanceof Error ? err.message : String(err)}`;
  root.appendChild(box);
});
