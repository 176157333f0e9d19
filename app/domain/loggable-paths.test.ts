import { describe, expect, it } from "vitest";
import { loggablePath } from "./loggable-paths";

// The route table's sweep (every route's secrets left out) is app/routes.test.ts.
describe("paths in logs", () => {
  it.each([
    ["/booking/abcdefghij", "/booking/[token]"],
    ["/BOOKING/abcdefghij", "/booking/[token]"],
    ["//booking/abcdefghij", "/booking/[token]"],
    ["/%62ooking/abcdefghij", "/booking/[token]"],
    ["/booking/abcdefghij/extra", "/booking/[token]"],
    ["/x/../booking/abcdefghij", "/booking/[token]"],
    ["/x/%2e%2e/booking/abcdefghij", "/booking/[token]"],
    ["/x\\..\\booking\\abcdefghij", "/booking/[token]"],
    ["/admin/invite/abcdefghij", "/admin/invite/[token]"],
    ["/admin/./invite/abcdefghij?x=1", "/admin/invite/[token]"],
    ["/Admin//Invite/abcdefghij", "/admin/invite/[token]"],
    ["/booking/abcdefghij/..", "/booking/"],
    ["/booking/abcdefghij/calendar.ics", "/booking/[token]/calendar.ics"],
    ["/booking/abcdefghij/Calendar.ICS?x=1", "/booking/[token]/calendar.ics"],
    ["/booking/abcdefghij/calendar.ics/more", "/booking/[token]"],
  ])("logs %s as %s", (path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });

  it.each([
    ["/ride/r1/register", "/ride/r1/register"],
    ["/upcoming?slide=s1&preview=123.abc", "/upcoming"],
    ["/admin/auth/google/callback?code=4/0Abc&state=xyz", "/admin/auth/google/callback"],
    ["/bookings", "/bookings"],
    ["/booking", "/booking"],
    ["/booking?sent", "/booking"],
    ["/%E0%A4", "/%E0%A4"],
  ])("logs %s as %s, never a query string", (path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });
});
