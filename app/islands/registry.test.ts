import { describe, expect, it } from "vitest";
import { ISLAND_SOURCES } from "./island-sources";
import { ISLANDS } from "./registry";

describe("the islands registry", () => {
  it("loads each island from the source file island-sources.ts names (the page preloads that file's chunk)", async () => {
    expect(Object.keys(ISLANDS).sort()).toEqual(Object.keys(ISLAND_SOURCES).sort());
    for (const [name, load] of Object.entries(ISLANDS)) {
      const component = await load();
      const file = ISLAND_SOURCES[name as keyof typeof ISLAND_SOURCES];
      const source = (await import(/* @vite-ignore */ `../../${file}`)) as Record<string, unknown>;
      expect(Object.values(source), name).toContain(component);
    }
  });
});
