import { describe, expect, it } from "vitest";
import { formatBytes, isPrivatePath, photoIdentity, rideIdOfPath } from "./offline";

describe("isPrivatePath", () => {
  it("keeps the service worker away from the portal, a rider's booking and the registration form", () => {
    for (const path of ["/admin", "/admin/", "/admin/rides", "/booking/abc", "/ride/r1/register"]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ["/", "/ride/r1", "/ride/r1/calendar.ics", "/administrators", "/saved"]) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });
});

describe("photoIdentity", () => {
  it("names one photo whatever width its URL asks for", () => {
    expect(photoIdentity("/images/w480/1763800000000_pass_4000x3000.jpg")).toBe(
      photoIdentity("/images/1763800000000_pass_4000x3000.jpg"),
    );
    expect(photoIdentity("/images/demo/spiti-800.webp")).toBe(photoIdentity("/images/demo/spiti.webp"));
    expect(photoIdentity("/images/demo/spiti.webp")).not.toBe(photoIdentity("/images/demo/ladakh.webp"));
    expect(photoIdentity("/ride/r1")).toBeNull();
  });
});

describe("rideIdOfPath", () => {
  it("reads the ride of a ride page only", () => {
    expect(rideIdOfPath("/ride/a%20b")).toBe("a b");
    expect(rideIdOfPath("/ride/r1/calendar.ics")).toBeNull();
  });
});

describe("formatBytes", () => {
  it("says kilobytes below a megabyte, megabytes above", () => {
    expect(formatBytes(300)).toBe("1 KB");
    expect(formatBytes(380 * 1024)).toBe("380 KB");
    expect(formatBytes(2.4 * 1024 * 1024)).toBe("2.4 MB");
  });
});
