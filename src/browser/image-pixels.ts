/**
 * Browser-only helpers shared by the game and the noise lab (neither may import the other).
 * Works on the main thread and in workers: fetch, createImageBitmap and OffscreenCanvas only.
 */

/** An image's RGBA pixels, row-major, exactly as stored (no colour-space conversion, no premultiplying). */
export async function loadImagePixels(url: string, what = 'image'): Promise<{ pixels: Uint8ClampedArray; width: number; height: number }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${what} (${url}): HTTP ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error(`2D canvas unavailable: cannot decode ${what}`);
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return { pixels: image.data, width: image.width, height: image.height };
}
