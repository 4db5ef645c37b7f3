/**
 * Builds edit payloads and world files byte by byte, independently of the code under test,
 * so tests can craft what a damaged or hostile file holds.
 */
import { gzipSync } from 'node:zlib';

/** One column of a crafted payload: its header fields and raw edits [xz, y, block, state]. */
export interface CraftedColumn {
  cx: number;
  cz: number;
  /** A missing state is 0; packing 1 drops the states. */
  edits: [xz: number, y: number, block: number, state?: number][];
  /** The byteLength to write, when it should lie. */
  byteLength?: number;
}

/**
 * A payload of `columns`, each written as given (no sorting, no checks) in packing 2 (four
 * planes: xz, y, block, state) or, for a version-1 file, packing 1 (xz, y, block per edit).
 */
export function craftPayload(columns: CraftedColumn[], trailing: number[] = [], packing: 1 | 2 = 2): Uint8Array {
  const parts: number[] = [];
  for (const column of columns) {
    const body = packing === 1 ? column.edits.flatMap(([xz, y, block]) => [xz, y, block]) : [0, 1, 2, 3].flatMap((plane) => column.edits.map((e) => e[plane] ?? 0));
    const header = new DataView(new ArrayBuffer(12));
    header.setInt32(0, column.cx, true);
    header.setInt32(4, column.cz, true);
    header.setUint32(8, column.byteLength ?? body.length, true);
    parts.push(...new Uint8Array(header.buffer), ...body);
  }
  parts.push(...trailing);
  return Uint8Array.from(parts);
}

/**
 * A world file around `payload`, its header copied from a real file's text and its edits
 * section replaced; `version` 1 makes it a file of the build before block states (its
 * version and edit encoding), whose payload should be in packing 1.
 */
export function craftWorldFile(realFile: string, payload: Uint8Array, edits: { count: number; columns: number }, version?: 1): string {
  const document = JSON.parse(realFile) as { version: number; edits: Record<string, unknown> };
  document.edits = { ...document.edits, ...edits, data: Buffer.from(gzipSync(payload)).toString('base64') };
  if (version === 1) {
    document.version = 1;
    document.edits.encoding = 'columns-3byte+gzip+base64';
  }
  return JSON.stringify(document);
}
