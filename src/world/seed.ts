/**
 * Turning what a player types into a world seed, Minecraft-style:
 * - surrounding white space is ignored, so "voxel " is the world "voxel" is;
 * - text that is a whole number in the signed 32-bit range ("12345", "-7") is that number;
 * - any other text, including "" and emoji, is Java's String.hashCode of its UTF-16 code
 *   units: h = 31 * h + unit, wrapping at 32 bits. So "" is seed 0, and "voxel" is the
 *   same seed here as it would be in Java.
 * The result is always a signed 32-bit integer, and the mapping never fails.
 */
export function seedFromText(text: string): number {
  const trimmed = text.trim();
  if (/^[-+]?\d{1,10}$/.test(trimmed)) {
    const n = Number(trimmed);
    if (n >= -2147483648 && n <= 2147483647) return n | 0;
  }
  let h = 0;
  for (let i = 0; i < trimmed.length; i++) h = (Math.imul(h, 31) + trimmed.charCodeAt(i)) | 0;
  return h;
}
