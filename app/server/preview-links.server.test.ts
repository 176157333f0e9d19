import { describe, expect, it } from "vitest";
import { isPreviewRequest, previewPath, previewToken } from "./preview-links.server";

const secret = "s".repeat(32);
const now = new Date("2026-11-26T06:00:00.000Z");
const base = "https://rides.example.org";
const opens = (kind: "rides" | "heroSlides", id: string, path: string) =>
  isPreviewRequest(secret, kind, id, new URL(path, base), now);

describe("a preview link opens with its one spelling only", () => {
  const token = previewToken(secret, "rides", "ride-1", now);
  const slideToken = previewToken(secret, "heroSlides", "slide-1", now);

  it("the link as issued opens its record, in the page and in its data request", () => {
    expect(opens("rides", "ride-1", previewPath("rides", "ride-1", token))).toBe(true);
    expect(opens("rides", "ride-1", `/ride/ride-1.data?preview=${token}`)).toBe(true);
    expect(opens("heroSlides", "slide-1", previewPath("heroSlides", "slide-1", slideToken))).toBe(true);
    expect(opens("heroSlides", "slide-1", `/?preview=${slideToken}&slide=slide-1&utm_source=whatsapp`)).toBe(true);
  });

  it("another spelling of the same signed values is refused", () => {
    const [expires, signature] = token.split(".") as [string, string];
    for (const path of [
      `/ride/ride-1?preview=0${expires}.${signature}`,
      `/ride/ride-1?preview=${expires}%2E${signature}`,
      `/ride/ride-1?%70review=${token}`,
      `/ride/ride-1?preview=${token}&preview=${token}`,
      `/ride/%72ide-1?preview=${token}`,
    ])
      expect(opens("rides", "ride-1", path), path).toBe(false);
    for (const path of [`/?slide=%73lide-1&preview=${slideToken}`, `/?%73lide=slide-1&preview=${slideToken}`])
      expect(opens("heroSlides", "slide-1", path), path).toBe(false);
  });

  it("a link of another record, an expired one or a forged one is refused", () => {
    expect(opens("rides", "ride-2", `/ride/ride-2?preview=${token}`)).toBe(false);
    expect(opens("heroSlides", "ride-1", `/?slide=ride-1&preview=${token}`)).toBe(false);
    const old = previewToken(secret, "rides", "ride-1", new Date("2026-11-20T00:00:00.000Z"));
    expect(opens("rides", "ride-1", `/ride/ride-1?preview=${old}`)).toBe(false);
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(opens("rides", "ride-1", `/ride/ride-1?preview=${forged}`)).toBe(false);
    expect(opens("rides", "ride-1", "/ride/ride-1")).toBe(false);
  });
});
