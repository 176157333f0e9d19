import pino from "pino";
import { describe, expect, it } from "vitest";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { configInput, rideInput } from "../../tests/support/fixtures";
import { describeEachEngine } from "../../tests/support/databases";
import { cachedFrameSources, embeddedFormOrigins, frameOrigin } from "./frame-sources.server";
import { saveConfig } from "./services/config.server";
import { createRide, updateRide } from "./services/rides.server";

const silent = pino({ level: "silent" });

describe("frame origins", () => {
  it("are the origins of http(s) URLs only", () => {
    expect(frameOrigin("https://docs.google.com/forms/d/e/x/viewform?embedded=true")).toBe("https://docs.google.com");
    expect(frameOrigin("http://forms.local:8080/a")).toBe("http://forms.local:8080");
    for (const url of ["", null, undefined, "/contact", "javascript:alert(1)", "data:text/html,x", "mailto:a@b.c"]) {
      expect(frameOrigin(url)).toBeNull();
    }
  });
});

describeEachEngine("embedded form origins", (getDb) => {
  it("are the community form's and every ride's booking form's, once each", async () => {
    const db = getDb();
    await saveConfig(db, configInput({ googleForm: "https://docs.google.com/forms/community" }));
    await createRide(db, rideInput({ bookingFormUrl: "https://forms.example.com/spiti" }));
    await createRide(db, rideInput({ bookingFormUrl: "https://forms.example.com/ladakh" }));
    await createRide(db, rideInput({ bookingFormUrl: "" }));
    expect(await embeddedFormOrigins(db)).toEqual(["https://docs.google.com", "https://forms.example.com"]);
  });

  it("fall back to the fallback configuration's form while none is stored", async () => {
    expect(await embeddedFormOrigins(getDb())).toEqual([frameOrigin(FALLBACK_CONFIG.googleForm)]);
  });

  it("are read again after a ride or the configuration changes, not on every request", async () => {
    const db = getDb();
    await createRide(db, rideInput({ bookingFormUrl: "https://old.example.com/form" }));
    const frameSources = cachedFrameSources(db, silent);
    expect(await frameSources()).toContain("https://old.example.com");

    // A change made behind the services' back (no change event) is not seen: the cache holds.
    await db.deleteFrom("rides").execute();
    expect(await frameSources()).toContain("https://old.example.com");

    const again = await createRide(db, rideInput({ bookingFormUrl: "https://new.example.com/form" }));
    expect(await frameSources()).toContain("https://new.example.com");
    await updateRide(db, again.id, rideInput({ bookingFormUrl: "https://newer.example.com/form" }), {
      expectedVersion: again.version,
    });
    expect(await frameSources()).toContain("https://newer.example.com");
    expect(await frameSources()).not.toContain("https://new.example.com");
  });
});
