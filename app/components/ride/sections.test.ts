import { describe, expect, it } from "vitest";
import { SCROLL_OFFSET_PX } from "~/domain/constants";
import { activeSectionIndex } from "./sections";

describe("activeSectionIndex (product.md#ride-page: the active tab follows scrolling, offset 200 px)", () => {
  it("is the first section before any section reaches the offset", () => {
    expect(activeSectionIndex([450, 900, 1400], SCROLL_OFFSET_PX)).toBe(0);
  });

  it("switches when a section's top reaches 200 px below the viewport top, not before", () => {
    expect(activeSectionIndex([-300, 201, 700], SCROLL_OFFSET_PX)).toBe(0);
    expect(activeSectionIndex([-300, 200, 700], SCROLL_OFFSET_PX)).toBe(1);
  });

  it("is the last section that has passed the offset", () => {
    expect(activeSectionIndex([-2000, -1200, -400, 150, 800], SCROLL_OFFSET_PX)).toBe(3);
    expect(activeSectionIndex([-2000, -1200, -400, -100, -20], SCROLL_OFFSET_PX)).toBe(4);
  });
});
