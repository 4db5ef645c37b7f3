/// <reference lib="webworker" />
/**
 * Terrain worker: builds one column (generated, hashed, meshed) or one far LOD region
 * (sampled, meshed) per request and sends the mesh back as transferables. Failures are
 * replied as error messages so the pool can retry.
 */
import { buildColumn } from './build-column';
import { buildLodRegion } from './build-lod';
import { errorReplyTo, transferablesOf, type WorkerReply, type WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const now = () => performance.now();

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    const result = request.type === 'lod' ? buildLodRegion(request, now) : buildColumn(request, now);
    scope.postMessage(result satisfies WorkerReply, transferablesOf(result));
  } catch (err) {
    scope.postMessage(errorReplyTo(request, err instanceof Error ? err.message : String(err)) satisfies WorkerReply);
  }
};
