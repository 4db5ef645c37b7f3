/**
 * Standard base64 (RFC 4648, with padding) for the export file's binary payload. Written
 * here rather than with Node's Buffer (absent in browsers) or btoa/atob (which go through a
 * "binary string", one UTF-16 char per byte, and have no room for a useful error): bytes in,
 * ASCII out through one TextDecoder call, fast enough for tens of megabytes.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='

const ENCODE = new Uint8Array(64);
/** Char code -> 6-bit value, or -1 for a character base64 does not use. */
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  ENCODE[i] = ALPHABET.charCodeAt(i);
  DECODE[ALPHABET.charCodeAt(i)] = i;
}

/** The length of the base64 text for `byteLength` bytes. */
export function base64Length(byteLength: number): number {
  return Math.ceil(byteLength / 3) * 4;
}

export function encodeBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(base64Length(bytes.length));
  const whole = bytes.length - (bytes.length % 3);
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ENCODE[n >> 18]!;
    out[o++] = ENCODE[(n >> 12) & 63]!;
    out[o++] = ENCODE[(n >> 6) & 63]!;
    out[o++] = ENCODE[n & 63]!;
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const n = (bytes[whole]! << 16) | (rest === 2 ? bytes[whole + 1]! << 8 : 0);
    out[o] = ENCODE[n >> 18]!;
    out[o + 1] = ENCODE[(n >> 12) & 63]!;
    out[o + 2] = rest === 2 ? ENCODE[(n >> 6) & 63]! : PAD;
    out[o + 3] = PAD;
  }
  return new TextDecoder().decode(out);
}

/**
 * The bytes `text` encodes, or why it is not base64: a length that is not a multiple of 4,
 * or a character outside the alphabet (padding anywhere but the end included). Strict, so a
 * damaged file is caught here rather than by chance further on.
 */
export function decodeBase64(text: string): Uint8Array | string {
  if (text.length % 4 !== 0) return `its length (${text.length}) is not a multiple of 4`;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  const end = text.length - padding;
  let o = 0;
  let i = 0;
  for (; i + 4 <= end; i += 4) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = sextet(text, i + 2);
    const d = sextet(text, i + 3);
    if ((a | b | c | d) < 0) return badCharacter(text, i);
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  if (padding > 0) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = padding === 1 ? sextet(text, i + 2) : 0;
    if ((a | b | c) < 0) return badCharacter(text, i);
    const n = (a << 18) | (b << 12) | (c << 6);
    out[o] = n >> 16;
    if (padding === 1) out[o + 1] = (n >> 8) & 255;
  }
  return out;
}

function sextet(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code < 128 ? DECODE[code]! : -1;
}

function badCharacter(text: string, from: number): string {
  let i = from;
  while (i < text.length && sextet(text, i) >= 0) i++;
  return `character ${JSON.stringify(text[i])} at position ${i} is not base64`;
}
