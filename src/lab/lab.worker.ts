/**
 * The lab's draw worker: runs one job at a time (runLabJob) and replies with its pixel
 * buffers transferred. The page keeps at most one job per panel in flight, so nothing queues
 * here for long. The atlas is decoded once, on init; terrain jobs wait for it.
 */
import { loadImagePixels } from '../browser/image-pixels';
import { TILE_COUNT } from '../world';
import { createWorkerMemory, runLabJob } from './compute/run-job';
import { tileMeanColours, type Rgb } from './compute/tile-colours';
import { transferablesOf, type LabReply, type LabRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let tileColours: Promise<Rgb[]> | null = null;
const memory = createWorkerMemory();

async function decodeAtlas(url: string): Promise<Rgb[]> {
  const atlas = await loadImagePixels(url, 'block textures');
  return tileMeanColours(atlas.pixels, atlas.width, TILE_COUNT);
}

/** Jobs run strictly one after another, even while a terrain job waits for the atlas. */
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<LabRequest>) => {
  const message = event.data;
  if (message.type === 'init') {
    tileColours = decodeAtlas(message.atlasUrl);
    return;
  }
  const { id, panel, job } = message;
  queue = queue.then(async () => {
    let reply: LabReply;
    let transfer: ArrayBuffer[] = [];
    try {
      if (job.kind === 'terrain') memory.tileColours = await (tileColours ?? Promise.reject(new Error('terrain job before init')));
      const t0 = performance.now();
      const result = runLabJob(job, memory);
      reply = { type: 'done', id, panel, result, workerMs: performance.now() - t0 };
      transfer = transferablesOf(result);
    } catch (err) {
      reply = { type: 'error', id, panel, message: err instanceof Error ? err.message : String(err) };
    }
    scope.postMessage(reply, transfer);
  });
};
