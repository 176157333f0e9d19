import { describe, expect, it } from "vitest";
import {
  defaultRenditionWidth,
  parseImageKey,
  parseImageUrl,
  responsiveSources,
  variantUrl,
  variantWidths,
} from "./image-urls";

describe("variantWidths", () => {
  it("makes every standard width for a large original", () => {
    expect(variantWidths(6000)).toEqual([480, 960, 1600, 2400]);
    expect(variantWidths(2400)).toEqual([480, 960, 1600, 2400]);
  });

  it("never enlarges: a narrower original stops at its own width", () => {
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(960)).toEqual([480, 960]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it("serves the largest variant up to 1600 px by default", () => {
    expect(defaultRenditionWidth(6000)).toBe(1600);
    expect(defaultRenditionWidth(1200)).toBe(1200);
    expect(defaultRenditionWidth(300)).toBe(300);
  });
});

describe("parseImageKey / parseImageUrl", () => {
  it("reads the original's size from an upload key", () => {
    expect(parseImageKey("1763800000000_sunset-at-pass_4032x3024.jpg")).toEqual({
      key: "1763800000000_sunset-at-pass_4032x3024.jpg",
      width: 4032,
      height: 3024,
    });
    expect(parseImageKey("featured-rides/1763800000000_banner_2000x800.png")?.width).toBe(2000);
  });

  it("finds the upload behind its default URL and its variant URLs", () => {
    expect(parseImageUrl("/images/1763800000000_a_800x600.webp")?.key).toBe("1763800000000_a_800x600.webp");
    expect(parseImageUrl("/images/w960/featured-rides/1763800000000_a_1000x600.gif")?.key).toBe(
      "featured-rides/1763800000000_a_1000x600.gif",
    );
  });

  it.each([
    "/images/demo/ladakh.webp",
    "https://example.com/images/1763800000000_a_800x600.jpg",
    "/images/../1763800000000_a_800x600.jpg",
    "/images/other-folder/1763800000000_a_800x600.jpg",
    "/images/1763800000000_a_800x600.svg",
    "/images/1763800000000_a_0x600.jpg",
    "/images/1763800000000_A_800x600.jpg",
    "/images/1763800000000_a_800x600.jpg?x=1",
  ])("does not take %s for an upload", (url) => {
    expect(parseImageUrl(url)).toBeNull();
  });
});

describe("responsiveSources", () => {
  it("gives an upload a srcset of its stored variants and its intrinsic size", () => {
    expect(responsiveSources("/images/1763800000000_pass_4000x3000.jpg")).toEqual({
      src: "/images/w1600/1763800000000_pass_4000x3000.jpg",
      srcSet: [480, 960, 1600, 2400]
        .map((width) => `/images/w${width}/1763800000000_pass_4000x3000.jpg ${width}w`)
        .join(", "),
      width: 4000,
      height: 3000,
    });
  });

  it("never lists a width larger than a small upload", () => {
    const { srcSet } = responsiveSources("/images/1763800000000_small_700x500.png");
    expect(srcSet).toBe(
      `${variantUrl("1763800000000_small_700x500.png", 480)} 480w, ${variantUrl("1763800000000_small_700x500.png", 700)} 700w`,
    );
  });

  it("gives the demo photos their two bundled widths", () => {
    for (const url of ["/images/demo/ladakh.webp", "/images/demo/ladakh-800.webp"]) {
      expect(responsiveSources(url)).toEqual({
        src: "/images/demo/ladakh.webp",
        srcSet: "/images/demo/ladakh-800.webp 800w, /images/demo/ladakh.webp 1600w",
      });
    }
  });

  it("leaves external URLs alone", () => {
    expect(responsiveSources("https://cdn.example.com/photo.jpg")).toEqual({
      src: "https://cdn.example.com/photo.jpg",
    });
  });
});
