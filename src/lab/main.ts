/** Entry point of lab.html: builds the noise lab page and exposes `window.__lab`. */
import atlasUrl from '../../assets/atlas.png?url';
import type { LabApi } from './lab-api';
import { LabPage } from './lab-page';
import './lab.css';

declare global {
  interface Window {
    __lab?: LabApi;
  }
}

function start(): void {
  const root = document.getElementById('lab')!;
  const page = new LabPage({
    root,
    search: location.search,
    atlasUrl,
    createDrawWorker: (index) => new Worker(new URL('./lab.worker.ts', import.meta.url), { type: 'module', name: `lab-draw-worker-${index}` }),
    createBenchWorker: () => new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module', name: 'lab-bench-worker' }),
    replaceQuery: (search) => history.replaceState(history.state, '', search),
  });
  window.__lab = page.api;
  import.meta.hot?.dispose(() => page.dispose());
}

try {
  start();
} catch (err) {
  console.error(err);
  const box = document.createElement('div');
  box.className = 'fatal';
  box.textContent = `The noise lab could not start: ${err instanceof Error ? err.message : String(err)}`;
  document.body.appendChild(box);
}
