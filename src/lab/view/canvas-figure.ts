/**
 * A figure: a canvas with a title, a one-line note and a "PNG" button that downloads the
 * canvas as it is (canvas.toBlob). Pixels arrive as worker-made RGBA buffers and go on with
 * putImageData, wrapped, not copied.
 */
import { el, type Listeners } from './dom';

export interface CanvasFigureOptions {
  title: string;
  width: number;
  height: number;
  /** Download name, without ".png". */
  fileName: string;
  /** Extra class for the <figure> (sizes, pixelated scaling). */
  className?: string;
}

export class CanvasFigure {
  readonly element: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private readonly titleElement: HTMLElement;
  private readonly note: HTMLElement;

  constructor(parent: Element, private readonly options: CanvasFigureOptions, listeners: Listeners) {
    this.element = el('figure', `figure ${options.className ?? ''}`.trim(), parent);
    this.canvas = el('canvas', 'figure-canvas', this.element);
    this.canvas.width = options.width;
    this.canvas.height = options.height;
    this.canvas.dataset.figure = options.fileName;
    // A CPU-backed canvas: these only receive whole images by putImageData, which gains
    // nothing from a GPU texture, and on machines without a GPU (SwiftShader) the accelerated
    // path cost the GPU process about a fifth of a core more during a control sweep (measured).
    this.context = this.canvas.getContext('2d', { willReadFrequently: true })!;
    const caption = el('figcaption', 'figure-caption', this.element);
    this.titleElement = el('span', 'figure-title', caption, options.title);
    const png = el('button', 'png-button', caption, 'PNG');
    png.type = 'button';
    png.title = `Download this figure as ${options.fileName}.png`;
    listeners.on(png, 'click', () => this.download());
    this.note = el('span', 'figure-note', this.element);
  }

  /** Shows `rgba` (width × height RGBA bytes), resizing the canvas if the size changed. */
  putPixels(rgba: Uint8ClampedArray, width: number, height: number): void {
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    this.context.putImageData(new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
  }

  get context2D(): CanvasRenderingContext2D {
    return this.context;
  }

  setTitle(text: string): void {
    this.titleElement.textContent = text;
  }

  setNote(text: string): void {
    this.note.textContent = text;
  }

  showError(message: string): void {
    this.element.classList.add('figure-failed');
    this.note.textContent = message;
  }

  /** Downloads the canvas as a PNG file. */
  download(): void {
    this.canvas.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${this.options.fileName}.png`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      // Long enough for the download to have read the blob.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }, 'image/png');
  }

  remove(): void {
    this.element.remove();
  }
}
