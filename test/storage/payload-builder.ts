/**
 * Builds edit payloads and world files byte by byte, independently of the code under test,
 * so tests can craft what a damaged or hostile file holds.
 */
import { gzipSync } from 'node:zlib';

/** One column of a crafted payload: its header fields and raw 3-byte edits [xz, y, block]. */
export interface CraftedColumn {
  cx: number;
  cz: number;
  edits: [xz: number, y: number, block: number][];
  /** The byteLength to write, when it should lie. */
  byteLength?: number;
}

export function craftPayload(columns: CraftedColumn[], trailing: number[] = []): Uint8Array {
  const parts: number[] = [];
  for (const column of columns) {
    const header = new DataView(new ArrayBuffer(12));
    header.setInt32(0, column.cx, true);
    header.setInt32(4, column.cz, true);
    header.setUint32(8, column.byteLength ?? column.edits.length * 3, true);
    parts.push(...new Uint8Array(header.buffer), ...column.edits.flat());
  }
  parts.push(...trailing);
  return Uint8Array.from(parts);
}

/** A world file around `payload`, its header copied from a real file's text and its edits section replaced. */
export function craftWorldFile(realFile: string, payload: Uint8Array, edits: { count: number; columns: number }): string {
  const document = JSON.parse(realFile) as { edits: Record<string, unknown> };
  document.edits = { ...document.edits, ...edits, data: Buffer.from(gzipSync(payload)).toString('base64') };
  return JSON.stringify(document);
}
