import { describe, expect, it } from "vitest";
import { bookingHref, loggablePath, registerHref } from "./registration-links";

describe("registration links", () => {
  it("puts the form under its ride and the private page under /booking/", () => {
    expect(registerHref("r1")).toBe("/ride/r1/register");
    expect(bookingHref("abc_-123")).toBe("/booking/abc_-123");
  });

  it.each([
    ["/booking/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"],
    ["/BOOKING/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"],
    ["//booking/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"],
    ["/%62ooking/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"],
    ["/booking/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/extra"],
  ])("logs %s without its token", (path) => {
    expect(loggablePath(path)).toBe("/booking/[token]");
  });

  it.each([["/ride/r1/register"], ["/upcoming"], ["/bookings"], ["/%E0%A4"]])("logs %s as it is", (path) => {
    expect(loggablePath(path)).toBe(path);
  });
});
