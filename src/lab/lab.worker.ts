/**
 * The lab's draw worker: runs one job at a time (runLabJob) and replies with its pixel
 * buffers transferred. The page keeps at most one job per panel in flight, so nothing queues
 * here for long. The atlas is decoded once, on init; terrain jobs wait for it.
 */
import { TILE_COUNT } from '../world';
import { createWorkerMemory, runLabJob } from './compute/run-job';
import { tileMeanColours, type Rgb } from './compute/tile-colours';
import { transferablesOf, type LabReply, type LabRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let tileColours: Promise<Rgb[]> | null = null;
const memory = createWorkerMemory();

async function decodeAtlas(url: string): Promise<Rgb[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load block textures (${url}): HTTP ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('2D canvas unavailable in the worker: cannot decode block textures');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return tileMeanColours(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, TILE_COUNT);
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
