import { describe, expect, it } from "vitest";
import { buildRobotsTxt, buildSitemap } from "./sitemap";

describe("buildSitemap", () => {
  it("lists each page with its absolute location and, when known, its last modification", () => {
    expect(
      buildSitemap([
        { loc: "https://rides.example/" },
        { loc: "https://rides.example/ride/r1", lastmod: "2026-11-20T10:00:00.000Z" },
      ]),
    ).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://rides.example/</loc></url>",
        "  <url><loc>https://rides.example/ride/r1</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("escapes XML special characters in locations", () => {
    expect(buildSitemap([{ loc: "https://rides.example/?a=1&b='2'" }])).toContain(
      "<loc>https://rides.example/?a=1&amp;b=&apos;2&apos;</loc>",
    );
  });
});

describe("buildRobotsTxt", () => {
  it("allows everything but the admin portal and names the sitemap", () => {
    const robots = buildRobotsTxt("https://rides.example/sitemap.xml");
    expect(robots.split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "",
      "Sitemap: https://rides.example/sitemap.xml",
      "",
    ]);
  });
});
