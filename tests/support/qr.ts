import jsQR from "jsqr";

// Reads back the QR codes the site draws (app/components/registration/qr-code.tsx): its SVG
// path of dark runs painted into pixels, then decoded as a camera's QR reader would.

const PIXELS_PER_MODULE = 4;

/** Paints the path's rectangles (M x y h n v 1 h -n z) into a white RGBA image, as a camera would see it. */
export function rasterise(size: number, path: string): { data: Uint8ClampedArray; width: number } {
  const width = size * PIXELS_PER_MODULE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < PIXELS_PER_MODULE; dy++) {
      for (let dx = 0; dx < Number(run) * PIXELS_PER_MODULE; dx++) {
        const offset = ((Number(y) * PIXELS_PER_MODULE + dy) * width + Number(x) * PIXELS_PER_MODULE + dx) * 4;
        data.fill(0, offset, offset + 3);
      }
    }
  }
  return { data, width };
}

/** The text of a symbol `size` modules wide drawn as `path`, or null when no reader would find one. */
export function decodeQr(size: number, path: string): string | null {
  const { data, width } = rasterise(size, path);
  return jsQR(data, width, width)?.data ?? null;
}
