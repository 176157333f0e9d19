import pino from "pino";
import { expect, it } from "vitest";
import type { AppServices } from "~/context";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput } from "../../../tests/support/fixtures";
import { riderForm } from "../../../tests/support/registration-fixtures";
import { readEnv } from "../env.server";
import { createMailer } from "../mail/mailer.server";
import { listRecentActivity } from "../services/audit.server";
import { createRide } from "../services/rides.server";
import { cancelBooking, eraseBooking, registerRider } from "./rider.server";

// A rider's own actions reach the admins' recent activity under the booking reference, with
// none of the rider's personal data (the trail is kept after the registration is erased).

describeEachEngine("rider actions in the audit trail", (getDb) => {
  it("records registering, joining the waitlist, cancelling and erasing, by reference only", async () => {
    const logger = pino({ level: "silent" });
    const services = {
      db: getDb(),
      env: readEnv({}),
      logger,
      mailer: createMailer({ smtpUrl: "", from: "" }, logger),
    } as AppServices;
    const ride = await createRide(
      getDb(),
      rideInput({ title: "Spiti", registration: { mode: "site", seats: 1, options: { solo: { offered: true } } } }),
    );
    const at = { clientIp: "203.0.113.9", origin: "http://localhost" };
    const first = await registerRider(services, ride.id, riderForm(1, { email: "asha@example.com" }) as never, at);
    const second = await registerRider(services, ride.id, riderForm(2) as never, at);
    if (!first.ok || !second.ok) throw new Error("the registrations were throttled");
    const [a, b] = [first.registration.reference, second.registration.reference];

    await cancelBooking(services, first.token);
    await eraseBooking(services, second.token);

    const activity = await listRecentActivity(getDb());
    // Sorted: two entries may share a millisecond, and the trail orders those by id.
    expect(activity.map((entry) => entry.summary).sort()).toEqual(
      [
        `Booking ${a} cancelled by the rider; ${b} confirmed from the waitlist`,
        `Booking ${a} registered for "Spiti"`,
        `Booking ${b} cancelled by the rider, personal data erased`,
        `Booking ${b} joined the waitlist for "Spiti"`,
      ].sort(),
    );
    for (const entry of activity) {
      expect(entry).toMatchObject({ actorEmail: "a rider", collection: "registrations" });
      expect(entry.summary).not.toMatch(/Rider \d|98000|asha|Ravi/);
    }
  });
});
