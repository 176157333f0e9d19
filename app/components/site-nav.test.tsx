import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NAV_LINKS } from "~/domain/navigation";
import { SiteNav } from "./site-nav";

/** The top navigation's links as rendered: [label, href, aria-current]. */
function links(currentPath: string) {
  const html = renderToString(<SiteNav currentPath={currentPath} />);
  return [...html.matchAll(/<a href="([^"]*)"( aria-current="page")?[^>]*>([^<]*)<\/a>/g)].map(
    ([, href, current, label]) => [label, href, current ? "page" : null],
  );
}

describe("SiteNav (product.md#navigation: top navigation)", () => {
  it("has the four links with their labels and targets, and marks the current path's link, only it", () => {
    for (const { to } of NAV_LINKS) {
      expect(links(to)).toEqual(NAV_LINKS.map((link) => [link.label, link.to, link.to === to ? "page" : null]));
    }
  });

  it("marks no link on /upcoming, a different path from / (exact match)", () => {
    expect(links("/upcoming").map(([, , current]) => current)).toEqual([null, null, null, null]);
  });
});
