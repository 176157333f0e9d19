import { describe, expect, it } from "vitest";
import { NAV_LINKS, isCurrentPath } from "./navigation";

describe("NAV_LINKS (product.md#navigation: top navigation)", () => {
  it("has the four links with their labels, in order", () => {
    expect(NAV_LINKS.map((link) => [link.to, link.label])).toEqual([
      ["/", "Upcoming Trips"],
      ["/previous", "Previous Events"],
      ["/about", "About Us"],
      ["/contact", "Contact"],
    ]);
  });
});

describe("isCurrentPath (product.md#navigation: the current path, exact match, is active)", () => {
  it("matches the same path", () => {
    expect(isCurrentPath("/", "/")).toBe(true);
    expect(isCurrentPath("/previous", "/previous")).toBe(true);
  });

  it("does not treat '/' as a prefix of every path", () => {
    expect(isCurrentPath("/", "/previous")).toBe(false);
    expect(isCurrentPath("/", "/ride/abc")).toBe(false);
  });

  it("does not mark Upcoming Trips active on /upcoming, a different path", () => {
    expect(isCurrentPath("/", "/upcoming")).toBe(false);
  });

  it("does not match a longer path that starts with the link", () => {
    expect(isCurrentPath("/about", "/about-us")).toBe(false);
    expect(isCurrentPath("/contact", "/contact/form")).toBe(false);
  });

  it("ignores a trailing slash", () => {
    expect(isCurrentPath("/about", "/about/")).toBe(true);
    expect(isCurrentPath("/", "//")).toBe(true);
  });
});
