import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ABOUT_PAGE_SECTIONS } from "./about-page";
import { ABOUT_PAGE_PARTS } from "./about-page.server";
import { RIDE_CARD_FACTS } from "./ride-cards";
import { RIDE_CARD_PARTS } from "./ride-cards.server";
import { RIDE_PAGE_SECTIONS } from "./ride-page";
import { RIDE_PAGE_PARTS } from "./ride-page.server";

// A page's two lists of one place (decision 050) name the same features, each once: a part read
// with no section to draw it, or a section with nothing read, fails here rather than on the page.

const FEATURES = readdirSync(path.resolve(import.meta.dirname, ".."), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "slots")
  .map((entry) => entry.name);

const PLACES = {
  "the ride page": [RIDE_PAGE_PARTS, RIDE_PAGE_SECTIONS],
  About: [ABOUT_PAGE_PARTS, ABOUT_PAGE_SECTIONS],
  "completed ride cards": [RIDE_CARD_PARTS, RIDE_CARD_FACTS],
} as const;

describe("the slot lists", () => {
  for (const [place, [parts, sections]] of Object.entries(PLACES)) {
    it(`of ${place} read and draw the same features, each once`, () => {
      const read = parts.map((part) => part.name);
      const drawn = sections.map((section) => section.name);
      expect(new Set(read).size, place).toBe(read.length);
      expect([...drawn].sort(), place).toEqual([...read].sort());
      for (const name of read) expect(FEATURES, place).toContain(name);
    });
  }
});
