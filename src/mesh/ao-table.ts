/**
 * Vertex AO by table lookup. A face's four corner AO values depend only on which of the
 * eight blocks around it (in the layer the face looks into) are solid, so the fast mesher
 * gathers those eight bits and reads the packed AO word here instead of evaluating
 * vertexAO four times per face.
 */
import { vertexAO } from './faces';
import { packCornerAO } from './quad-sink';

/** Bit of each neighbour in an AO pattern: sides first, then the four corners. */
export const AO_MINUS_U = 1;
export const AO_PLUS_U = 2;
export const AO_MINUS_V = 4;
export const AO_PLUS_V = 8;
export const AO_MINUS_U_MINUS_V = 16;
export const AO_PLUS_U_MINUS_V = 32;
export const AO_MINUS_U_PLUS_V = 64;
export const AO_PLUS_U_PLUS_V = 128;

/** AO_WORD_BY_PATTERN[pattern] = packCornerAO(...) of the four corners; built once, pure. */
export const AO_WORD_BY_PATTERN: Uint8Array = (() => {
  const table = new Uint8Array(256);
  const bit = (p: number, mask: number): number => (p & mask ? 1 : 0);
  for (let p = 0; p < 256; p++) {
    const mu = bit(p, AO_MINUS_U);
    const pu = bit(p, AO_PLUS_U);
    const mv = bit(p, AO_MINUS_V);
    const pv = bit(p, AO_PLUS_V);
    table[p] = packCornerAO(
      vertexAO(mu, mv, bit(p, AO_MINUS_U_MINUS_V)),
      vertexAO(pu, mv, bit(p, AO_PLUS_U_MINUS_V)),
      vertexAO(mu, pv, bit(p, AO_MINUS_U_PLUS_V)),
      vertexAO(pu, pv, bit(p, AO_PLUS_U_PLUS_V)),
    );
  }
  return table;
})();
