import { describe, expect, it } from "vitest";
import { bookingHref, registerHref } from "./registration-links";

describe("registration links", () => {
  it("puts the form under its ride and the private page under /booking/", () => {
    expect(registerHref("r1")).toBe("/ride/r1/register");
    expect(bookingHref("abc_-123")).toBe("/booking/abc_-123");
  });
});
