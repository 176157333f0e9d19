import { describe, expect, it } from "vitest";
import { featuredLinkTarget } from "./featured-link";
import { bookingHref, registerHref, rideHref } from "./links";

describe("featuredLinkTarget (product.md#featured-banner: the button)", () => {
  it("navigates internally to a link starting with /ride/", () => {
    expect(featuredLinkTarget("/ride/abc123", "first")).toEqual({ href: "/ride/abc123", external: false });
  });

  it("opens a link starting with http in a new tab", () => {
    expect(featuredLinkTarget("https://example.com/tour", "first")).toEqual({
      href: "https://example.com/tour",
      external: true,
    });
    expect(featuredLinkTarget("http://example.com", null)).toEqual({ href: "http://example.com", external: true });
  });

  it("navigates internally to any other link", () => {
    expect(featuredLinkTarget("/previous", "first")).toEqual({ href: "/previous", external: false });
    expect(featuredLinkTarget("/contact?from=banner", null)).toEqual({ href: "/contact?from=banner", external: false });
  });

  it("goes to the first upcoming ride when there is no link", () => {
    expect(featuredLinkTarget("", "ride-1")).toEqual({ href: "/ride/ride-1", external: false });
    expect(featuredLinkTarget("   ", "ride-1")).toEqual({ href: "/ride/ride-1", external: false });
    expect(featuredLinkTarget(undefined, "ride-1")).toEqual({ href: "/ride/ride-1", external: false });
  });

  it("goes to /contact when there is no link and no upcoming ride", () => {
    expect(featuredLinkTarget("", null)).toEqual({ href: "/contact", external: false });
  });

  it("trims the stored link", () => {
    expect(featuredLinkTarget("  /ride/x  ", null)).toEqual({ href: "/ride/x", external: false });
  });

  it.each([["javascript:alert(1)"], ["//evil.example"], ["/\\evil.example"], ["data:text/html,hi"], ["ride/abc"]])(
    "never follows a link that leaves the site or runs a script: %s",
    (link) => {
      expect(featuredLinkTarget(link, "ride-1")).toEqual({ href: "/ride/ride-1", external: false });
    },
  );
});

describe("rideHref", () => {
  it("encodes the id as one path segment", () => {
    expect(rideHref("a b/c")).toBe("/ride/a%20b%2Fc");
  });
});

describe("registration links", () => {
  it("puts the form under its ride and the private page under /booking/", () => {
    expect(registerHref("r1")).toBe("/ride/r1/register");
    expect(bookingHref("abc_-123")).toBe("/booking/abc_-123");
  });
});
