import { expect, it } from "vitest";
import { action } from "~/features/seat-transfer/routes/public/transfer";
import { getTransferOffer, offerTransferByToken } from "~/features/seat-transfer/server/transfer.server";
import type { Database } from "~/server/db/schema.server";
import { getRegistrationByToken } from "~/server/registrations/queries.server";
import { describeEachEngine } from "../support/databases";
import { siteRide } from "../support/fixtures";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { routeAnswer, routeContext } from "../support/route-context";

// docs/features/seat-transfer.md: the friend's form at /transfer/:token as a browser without
// JavaScript posts it (the page's form is the registration form, whose native post
// ride-registration.spec.ts proves in Chromium). Through the route, on both engines.

const ORIGIN = "http://roadbook.test";

function post(db: Database, token: string, body: Record<string, unknown>) {
  const form = new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)]));
  return action({
    request: new Request(`${ORIGIN}/transfer/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    }),
    params: { token },
    context: routeContext({ db }, { origin: ORIGIN }),
  } as never);
}

describeEachEngine("a seat transfer's form, posted without JavaScript", (getDb) => {
  it("names each missing answer and keeps the link open; a full form hands the seat on and opens the friend's booking", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3 });
    const asha = await registerRider(db, ride.id, riderForm(1, { name: "Bharat Handing" }));
    const { token } = await offerTransferByToken(db, asha.token);

    const refused = await routeAnswer(() => post(db, token, {}));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ name: expect.any(String), mobile: expect.any(String) });
    expect(await getTransferOffer(db, token, new Date())).not.toBeNull();

    const taken = await routeAnswer(() => post(db, token, riderForm(2, { name: "Gita Without Script" })));
    expect(taken.status).toBe(303);
    expect(taken.location).toMatch(/^\/booking\/[\w-]{43}\?done=transferred$/);
    const friendToken = taken.location!.slice("/booking/".length, -"?done=transferred".length);
    expect(friendToken).not.toBe(asha.token);
    const booking = await getRegistrationByToken(db, friendToken);
    expect(booking?.reference).toBe(asha.registration.reference);
    expect(booking?.name).toBe("Gita Without Script");
  });
});
