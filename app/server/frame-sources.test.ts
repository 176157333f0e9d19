import { sql } from "kysely";
import pino from "pino";
import { expect, it } from "vitest";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { configInput, rideInput } from "../../tests/support/fixtures";
import { describeEachEngine } from "../../tests/support/databases";
import { webOrigin } from "~/domain/web-url";
import { cachedFrameSources, embeddedFormOrigins } from "./frame-sources.server";
import { saveConfig } from "./content/config.server";
import { createRide, updateRide } from "./rides/rides.server";

const silent = pino({ level: "silent" });

describeEachEngine("embedded form origins", (getDb) => {
  it("are the community form's and every ride's booking form's, once each", async () => {
    const db = getDb();
    await saveConfig(db, configInput({ googleForm: "https://docs.google.com/forms/community" }));
    await createRide(db, rideInput({ bookingFormUrl: "https://forms.example.com/spiti" }));
    await createRide(db, rideInput({ bookingFormUrl: "https://forms.example.com/ladakh" }));
    await createRide(db, rideInput({ bookingFormUrl: "" }));
    expect(await embeddedFormOrigins(db)).toEqual(["https://docs.google.com", "https://forms.example.com"]);
  });

  it("hold only valid origins, even from a link stored before the forms checked host names", async () => {
    const db = getDb();
    const ride = await createRide(db, rideInput({ bookingFormUrl: "https://forms.example.com/a" }));
    const hostile = ride.bookingFormUrl.replace("forms.example.com", "x;sandbox");
    await db
      .updateTable("rides")
      .set({ data: sql<string>`replace(data, ${ride.bookingFormUrl}, ${hostile})` })
      .where("id", "=", ride.id)
      .execute();
    await saveConfig(db, configInput({ googleForm: "https://Docs.Google.com/forms/x" }));
    expect(await embeddedFormOrigins(db)).toEqual(["https://docs.google.com"]);
  });

  it("fall back to the fallback configuration's form while none is stored", async () => {
    expect(await embeddedFormOrigins(getDb())).toEqual([webOrigin(FALLBACK_CONFIG.googleForm)]);
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
