/**
 * The upload wrapper on a fake WebGL context, in Node: it counts the bytes each upload call
 * really sends, allocates registered arrays without their empty tail, re-sends the whole
 * live prefix when a buffer is created again (a restored context), and gives the context
 * its own methods back on dispose.
 */
import { describe, expect, it } from 'vitest';
import { GpuUploads, pixelBytes } from '../../src/render/gpu-uploads';
import { FakeGl } from './fake-gl';

const ARRAY_BUFFER = 0x8892;
const STATIC_DRAW = 0x88e4;
const RGBA = 0x1908;
const FLOAT = 0x1406;
const RED_INTEGER = 0x8d94;
const UNSIGNED_INT = 0x1405;
const UNSIGNED_BYTE = 0x1401;

describe('GPU uploads: counting', () => {
  it('counts the bytes each call sends, and nothing for an allocation or a null or buffer-offset source', () => {
    const gl = new FakeGl();
    const uploads = new GpuUploads(gl);
    const data = new Float32Array(100);
    gl.bufferData(ARRAY_BUFFER, data, STATIC_DRAW);
    expect(uploads.bytes).toBe(400);
    gl.bufferData(ARRAY_BUFFER, 4096, STATIC_DRAW);
    expect(uploads.bytes).toBe(400);
    gl.bufferData(ARRAY_BUFFER, data, STATIC_DRAW, 10, 20); // 20 floats from the 10th
    expect(uploads.bytes).toBe(480);
    gl.bufferSubData(ARRAY_BUFFER, 0, data, 90); // to the end: 10 floats
    expect(uploads.bytes).toBe(520);
    gl.bufferSubData(ARRAY_BUFFER, 0, new Uint8Array(7).buffer);
    expect(uploads.bytes).toBe(527);
    // A 4 x 1 run of RGBA floats out of a larger texture (three's update ranges): 64 bytes.
    gl.texSubImage2D(0, 0, 4, 2, 4, 1, RGBA, FLOAT, new Float32Array(1024));
    expect(uploads.bytes).toBe(527 + 64);
    gl.texImage2D(0, 0, RGBA, 8, 8, 0, RGBA, UNSIGNED_BYTE, null);
    gl.texImage2D(0, 0, RGBA, 8, 8, 0, RGBA, UNSIGNED_BYTE, 0);
    expect(uploads.bytes).toBe(591);
    gl.texSubImage3D(0, 0, 0, 0, 0, 16, 16, 3, RGBA, UNSIGNED_BYTE, new Uint8Array(16 * 16 * 3 * 4));
    expect(uploads.bytes).toBe(591 + 3072);
    // An image source: its own size.
    gl.texImage2D(0, 0, RGBA, RGBA, UNSIGNED_BYTE, { width: 10, height: 2 });
    expect(uploads.bytes).toBe(591 + 3072 + 80);
    // The calls reach the context unchanged.
    expect(gl.calls).toHaveLength(10);
    uploads.dispose();
  });

  it('knows the pixel sizes of the formats three uses', () => {
    expect(pixelBytes(RGBA, FLOAT)).toBe(16); // instance matrices
    expect(pixelBytes(RED_INTEGER, UNSIGNED_INT)).toBe(4); // BatchedMesh's draw-to-instance ids
    expect(pixelBytes(RGBA, UNSIGNED_BYTE)).toBe(4); // the tile atlas
  });
});

describe('GPU uploads: lazy allocation', () => {
  it('allocates a registered array at full size and sends only its filled prefix, as filled when the buffer is made', () => {
    const gl = new FakeGl();
    const uploads = new GpuUploads(gl);
    const array = new Uint32Array(1000);
    let filled = 40; // bytes
    uploads.allocateLazily(array, () => filled);
    gl.bufferData(ARRAY_BUFFER, array, STATIC_DRAW);
    expect(gl.calls).toEqual([
      ['bufferData', ARRAY_BUFFER, 4000, STATIC_DRAW],
      ['bufferSubData', ARRAY_BUFFER, 0, array, 0, 10],
    ]);
    expect(uploads.bytes).toBe(40);
    expect(uploads.skippedBytes).toBe(3960);
    // Created again (a restored context): everything filled by then.
    filled = 402; // rounded up to whole elements
    gl.calls.length = 0;
    gl.bufferData(ARRAY_BUFFER, array, STATIC_DRAW);
    expect(gl.calls).toEqual([
      ['bufferData', ARRAY_BUFFER, 4000, STATIC_DRAW],
      ['bufferSubData', ARRAY_BUFFER, 0, array, 0, 101],
    ]);
    expect(uploads.bytes).toBe(40 + 404);
    uploads.dispose();
  });

  it('sends nothing for an empty prefix, never more than the array, and leaves other arrays alone', () => {
    const gl = new FakeGl();
    const uploads = new GpuUploads(gl);
    const empty = new Uint16Array(8);
    const over = new Uint16Array(8);
    uploads.allocateLazily(empty, () => 0);
    uploads.allocateLazily(over, () => 1e9);
    gl.bufferData(ARRAY_BUFFER, empty, STATIC_DRAW);
    gl.bufferData(ARRAY_BUFFER, over, STATIC_DRAW);
    const plain = new Uint16Array(8);
    gl.bufferData(ARRAY_BUFFER, plain, STATIC_DRAW);
    expect(gl.calls).toEqual([
      ['bufferData', ARRAY_BUFFER, 16, STATIC_DRAW],
      ['bufferData', ARRAY_BUFFER, 16, STATIC_DRAW],
      ['bufferSubData', ARRAY_BUFFER, 0, over, 0, 8],
      ['bufferData', ARRAY_BUFFER, plain, STATIC_DRAW],
    ]);
    expect(uploads.bytes).toBe(32);
    uploads.dispose();
  });
});

describe('GPU uploads: context and dispose', () => {
  it('counts restored contexts, and after dispose (safe twice) the context has its own methods and no listener', () => {
    const gl = new FakeGl();
    const own = gl.bufferData;
    const uploads = new GpuUploads(gl);
    expect(Object.hasOwn(gl, 'bufferData')).toBe(true);
    gl.canvas.dispatchEvent(new Event('webglcontextrestored'));
    expect(uploads.epoch).toBe(1);
    uploads.dispose();
    uploads.dispose();
    expect(Object.hasOwn(gl, 'bufferData')).toBe(false);
    expect(gl.bufferData).toBe(own);
    gl.canvas.dispatchEvent(new Event('webglcontextrestored'));
    expect(uploads.epoch).toBe(1);
    gl.bufferData(ARRAY_BUFFER, new Uint8Array(10), STATIC_DRAW);
    expect(uploads.bytes).toBe(0);
  });
});
