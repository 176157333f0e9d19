import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { decodeQr } from "../../../tests/support/qr";
import { QrCode, qrPath } from "./qr-code";

describe("QrCode", () => {
  it.each([
    ["a UPI payment link", "upi://pay?pa=roadbook@okaxis&pn=Roadbook%20Riders&am=2000.00&cu=INR&tn=RB-7K3Q"],
    ["a short text", "RB-7K3Q"],
  ])("draws %s as a symbol a QR reader decodes back to the same text", (_what, text) => {
    const { size, path } = qrPath(text);
    expect(decodeQr(size, path)).toBe(text);
  });

  it("is one labelled SVG image with one path, no script or data: URL", () => {
    const html = renderToString(<QrCode text="upi://pay?pa=a@b" label="Pay by UPI" />);
    expect(html).toMatch(/^<svg[^>]*role="img"[^>]*aria-label="Pay by UPI"/);
    expect(html.match(/<path /g)).toHaveLength(1);
    expect(html).not.toMatch(/data:|<script|<image/);
  });
});
