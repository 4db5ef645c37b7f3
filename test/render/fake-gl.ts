/** A stand-in for the renderer's WebGL context in Node tests of the upload wrapper (gpu-uploads.ts). */
import type { UploadContext } from '../../src/render/gpu-uploads';

/** Records every call it gets, as [name, ...arguments]. */
export class FakeGl implements UploadContext {
  readonly calls: unknown[][] = [];
  bufferData(...args: unknown[]): void {
    this.calls.push(['bufferData', ...args]);
  }
  bufferSubData(...args: unknown[]): void {
    this.calls.push(['bufferSubData', ...args]);
  }
  texImage2D(...args: unknown[]): void {
    this.calls.push(['texImage2D', ...args]);
  }
  texSubImage2D(...args: unknown[]): void {
    this.calls.push(['texSubImage2D', ...args]);
  }
  texImage3D(...args: unknown[]): void {
    this.calls.push(['texImage3D', ...args]);
  }
  texSubImage3D(...args: unknown[]): void {
    this.calls.push(['texSubImage3D', ...args]);
  }
}
