/// <reference lib="webworker" />
/**
 * Column worker: generates, hashes and meshes one column per request and sends the mesh
 * back as transferables. Failures are replied as `error` messages so the pool can retry.
 */
import { buildColumn } from './build-column';
import { transferablesOf, type WorkerReply, type WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    const result = buildColumn(request, () => performance.now());
    scope.postMessage(result satisfies WorkerReply, transferablesOf(result));
  } catch (err) {
    const reply: WorkerReply = {
      type: 'error',
      id: request.id,
      generation: request.generation,
      revision: request.revision,
      cx: request.cx,
      cz: request.cz,
      message: err instanceof Error ? err.message : String(err),
    };
    scope.postMessage(reply);
  }
};
