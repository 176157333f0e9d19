import jsQR from "jsqr";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QrCode, qrPath } from "./qr-code";

const PIXELS_PER_MODULE = 4;

/** Paints the path's rectangles (M x y h n v 1 h -n z) into a white RGBA image, as a camera would see it. */
function rasterise(size: number, path: string): { data: Uint8ClampedArray; width: number } {
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

describe("QrCode", () => {
  it.each([
    ["a UPI payment link", "upi://pay?pa=roadbook@okaxis&pn=Roadbook%20Riders&am=2000.00&cu=INR&tn=RB-7K3Q"],
    ["a short text", "RB-7K3Q"],
  ])("draws %s as a symbol a QR reader decodes back to the same text", (_what, text) => {
    const { size, path } = qrPath(text);
    const { data, width } = rasterise(size, path);
    expect(jsQR(data, width, width)?.data).toBe(text);
  });

  it("is one labelled SVG image with one path, no script or data: URL", () => {
    const html = renderToString(<QrCode text="upi://pay?pa=a@b" label="Pay by UPI" />);
    expect(html).toMatch(/^<svg[^>]*role="img"[^>]*aria-label="Pay by UPI"/);
    expect(html.match(/<path /g)).toHaveLength(1);
    expect(html).not.toMatch(/data:|<script|<image/);
  });
});
