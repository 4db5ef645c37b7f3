/**
 * The upload counter on a fake WebGL context, in Node: it counts the bytes each upload call
 * really sends, passes every call through unchanged, and gives the context its own methods
 * back on dispose.
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

describe('GPU uploads: dispose', () => {
  it('gives the context its own methods back (safe twice), and counts no more', () => {
    const gl = new FakeGl();
    const own = gl.bufferData;
    const uploads = new GpuUploads(gl);
    expect(Object.hasOwn(gl, 'bufferData')).toBe(true);
    uploads.dispose();
    uploads.dispose();
    expect(Object.hasOwn(gl, 'bufferData')).toBe(false);
    expect(gl.bufferData).toBe(own);
    gl.bufferData(ARRAY_BUFFER, new Uint8Array(10), STATIC_DRAW);
    expect(uploads.bytes).toBe(0);
  });
});
