import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { checkInHref } from "~/domain/admin-links";
import { RIDE_DAY_CACHE, rideDayHref } from "~/features/ride-day/domain/paths";
import { RIDE_DAY_DB } from "~/features/ride-day/components/store";
import type { Database } from "~/server/db/schema.server";
import { saveWaiver } from "~/features/waivers/server/waivers.server";
import { createRide } from "~/server/rides/rides.server";
import { acceptInvite, createInvite } from "~/server/team/team.server";
import { rideInput } from "../support/fixtures";
import { type Registration } from "~/server/registrations/rows.server";
import { cancelRegistration } from "~/server/registrations/cancel.server";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { addRide, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { signInAs } from "./support/admin-fixtures.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// Issue 24, the captain's phone (docs/features/ride-day.md#on-the-phone): a ride taken offline
// from its Check-in page, run without signal (check-ins, a roll call, a reload), synced when the
// network returns with each change applied once and a rider cancelled meanwhile shown as a
// conflict, and nothing of it left on the phone after sign-out.

const test = testOnOwnAdminServer({});
// After sign-out the router asks for the admin root's data, which answers the sign-in screen with a 401.
test.use({ allowedConsoleErrors: ["the server responded with a status of 401 (Unauthorized)"] });

/** What the phone holds: the ride-day database, the worker's cache, the worker. */
function phoneStorage(page: Page) {
  return page.evaluate(async (cache) => {
    const databases = (await indexedDB.databases()).map((database) => database.name);
    const cached = await caches.has(cache);
    const workers = (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope);
    return { databases, cached, workers };
  }, RIDE_DAY_CACHE);
}

test("a captain runs ride day offline, syncs once back online, and sign-out leaves nothing on the phone @mobile", async ({
  adminPage: page,
  context,
  db,
}) => {
  // One journey through a build's worker, IndexedDB, two network changes and a reload offline:
  // longer than the default 30 s on the loaded test machine.
  const title = uniqueTitle("Spiti Circuit");
  const rideId = await addRide(page, db, title, {
    registration: { mode: "site", seats: 6, waitlist: false, options: { solo: { offered: true, price: "₹9,000" } } },
  });
  const riders: Registration[] = [];
  for (const [index, name] of ["Asha Rao", "Bala Iyer", "Chitra Nair", "Dev Menon"].entries()) {
    riders.push((await registerRider(db, rideId, riderForm(index + 1, { name, mobile: freshMobile() }))).registration);
  }
  const [asha, bala, chitra, dev] = riders as [Registration, Registration, Registration, Registration];

  // Take the ride offline from its Check-in page: the ride-day page opens, kept by its worker.
  await page.goto(checkInHref(rideId));
  await expect(page.getByRole("link", { name: "Emergency sheet (print)" })).toHaveAttribute(
    "href",
    `/admin/rides/${rideId}/emergency`,
  );
  await page.getByRole("button", { name: "Take this ride offline" }).click();
  await expect(page).toHaveURL(rideDayHref(rideId));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^Synced at/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // No signal: four check-ins and a roll call, all on the phone.
  await context.setOffline(true);
  await expect(page.getByTestId("network")).toHaveText("Offline");
  const row = (name: string) => page.getByRole("list", { name: "Riders" }).getByRole("listitem", { name, exact: true });
  for (const name of ["Asha Rao", "Bala Iyer", "Chitra Nair", "Dev Menon"]) {
    await row(name).getByRole("button", { name: "Check in" }).click();
    await expect(row(name)).toContainText("Checked in");
  }
  await page.getByLabel("Roll call name").fill("Day 1 · Rohtang top");
  await page.getByRole("button", { name: "Start roll call" }).click();
  const marks = page.getByRole("list", { name: "Mark riders" });
  await marks.getByRole("listitem", { name: "Asha Rao" }).getByRole("button", { name: "Present" }).click();
  await marks.getByRole("listitem", { name: "Bala Iyer" }).getByRole("button", { name: "Present" }).click();
  await marks.getByRole("listitem", { name: "Chitra Nair" }).getByRole("button", { name: "Missing" }).click();
  const count = page.getByTestId("roll-call-count");
  await expect(count).toHaveText("Day 1 · Rohtang top: 2 present · 1 missing · 1 not marked");
  const missing = page.getByRole("list", { name: "Missing riders" });
  await expect(missing.getByRole("listitem")).toHaveCount(1);
  await expect(missing.getByRole("link", { name: `Call ${chitra.phone}` })).toHaveAttribute(
    "href",
    `tel:${chitra.phone}`,
  );
  await expect(missing.getByRole("link", { name: "Call +919123456789" })).toHaveAttribute("href", "tel:+919123456789");
  await expect(page.getByTestId("waiting")).toHaveText("8 changes waiting to sync");
  await expectNoA11yViolations(page);

  // Meanwhile, Dev cancels.
  await cancelRegistration(db, dev.id, { actor: { id: null, email: "desk@roadbook.test" } });

  // A reload without signal shows it all, from the phone.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("network")).toHaveText("Offline");
  await expect(page.getByTestId("waiting")).toHaveText("8 changes waiting to sync");
  await expect(page.getByTestId("checked-in-count")).toHaveText("4");
  await expect(count).toHaveText("Day 1 · Rohtang top: 2 present · 1 missing · 1 not marked");
  // The worker kept the page and the build's files, never the pack nor another admin page.
  const kept = await page.evaluate(async (cache) => {
    const requests = await (await caches.open(cache)).keys();
    return requests.map((request) => new URL(request.url).pathname);
  }, RIDE_DAY_CACHE);
  expect(kept).toContain(rideDayHref(rideId));
  expect(kept.filter((pathname) => pathname !== rideDayHref(rideId) && !pathname.startsWith("/assets/"))).toEqual([]);

  // Signal again: the changes go to the server, Dev's check-in comes back as a conflict.
  await context.setOffline(false);
  await expect(page.getByTestId("waiting")).toHaveText("Everything is synced");
  const conflicts = page.getByRole("list", { name: "Conflicts" });
  await expect(conflicts.getByRole("listitem")).toHaveCount(1);
  await expect(conflicts).toContainText("Check in Dev Menon");
  // The server's roster no longer has Dev (no roll call counted them).
  await expect(row("Dev Menon")).toHaveCount(0);
  await expect(page.getByTestId("checked-in-count")).toHaveText("3");
  await expectNoA11yViolations(page);

  // The server has each check-in once, and the roll call.
  const stored = await db
    .selectFrom("registrations")
    .select(["id", "checked_in_at"])
    .where("ride_id", "=", rideId)
    .execute();
  const checkedIn = new Set(stored.filter((registration) => registration.checked_in_at).map(({ id }) => id));
  expect(checkedIn).toEqual(new Set([asha.id, bala.id, chitra.id]));
  const checkIns = await db
    .selectFrom("audit_log")
    .select(["record_id"])
    .where("summary", "like", "Checked in booking%")
    .where("record_id", "in", [asha.id, bala.id, chitra.id, dev.id])
    .execute();
  expect(checkIns.map(({ record_id }) => record_id).toSorted()).toEqual([asha.id, bala.id, chitra.id].toSorted());
  // Sent again (an answer lost on the way back), nothing more happens.
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("waiting")).toHaveText("Everything is synced");
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(conflicts).toHaveCount(0);

  // Sign-out: the pack, the worker's cache and the worker leave the phone.
  await page.goto(checkInHref(rideId));
  expect((await phoneStorage(page)).databases).toContain("roadbook-ride-day");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Sign in to manage rides and site content.")).toBeVisible();
  await expect.poll(() => phoneStorage(page)).toEqual({ databases: [], cached: false, workers: [] });
});

/** What the ride-day database holds on the phone: the ids of its rides (none when it is gone). */
function heldRides(page: Page) {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((database) => database.name === name)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.addEventListener("success", () => resolve(request.result));
      request.addEventListener("error", () => reject(request.error));
    });
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = db.transaction("rides").objectStore("rides").getAllKeys();
      request.addEventListener("success", () => resolve(request.result));
      request.addEventListener("error", () => reject(request.error));
    });
    db.close();
    return keys.map(String);
  }, RIDE_DAY_DB);
}

test.describe("the phone forgets a ride", () => {
  // The sync refused once the captain's access ended.
  test.use({ allowedConsoleErrors: ["the server responded with a status of 403 (Forbidden)"] });

  test("whose captain's access ended, and whose pack expired", async ({ page, db, ownAdmin, baseURL }) => {
    const ride = await createRide(
      db,
      rideInput({ title: uniqueTitle("Zanskar"), registration: { mode: "site", seats: 4, waitlist: false } }),
    );
    await registerRider(db, ride.id, riderForm(1, { name: "Asha Rao", mobile: freshMobile() }));
    const { token } = await createInvite(
      db,
      { email: `captain-${randomUUID()}@roadbook.test`, role: "captain" },
      ownAdmin.id,
    );
    const { userId } = await acceptInvite(db, token, { method: "password", password: "captain-password" });
    await db.insertInto("ride_captains").values({ ride_id: ride.id, user_id: userId }).execute();
    await signInAs(page, db, userId, baseURL ?? "");

    const takeOffline = async () => {
      await page.goto(checkInHref(ride.id));
      await page.getByRole("button", { name: "Take this ride offline" }).click();
      await expect(page.getByRole("heading", { level: 1, name: ride.title })).toBeVisible();
      // The sync on opening has stored its fresh pack.
      await expect(page.getByText(/^Synced at/)).toBeVisible();
      expect(await heldRides(page)).toEqual([ride.id]);
    };

    // No longer the ride's captain: the next sync is refused and the ride leaves the phone.
    await takeOffline();
    await db.deleteFrom("ride_captains").where("ride_id", "=", ride.id).execute();
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(page.getByText("The ride's details were removed from this phone.")).toBeVisible();
    expect(await heldRides(page)).toEqual([]);

    // A pack past its expiry is deleted when the page opens.
    await db.insertInto("ride_captains").values({ ride_id: ride.id, user_id: userId }).execute();
    await takeOffline();
    await page.evaluate(
      async ({ name, rideId }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.addEventListener("success", () => resolve(request.result));
          request.addEventListener("error", () => reject(request.error));
        });
        const store = db.transaction("rides", "readwrite").objectStore("rides");
        await new Promise<void>((resolve) => {
          const read = store.get(rideId);
          read.addEventListener("success", () => {
            const held = read.result as { pack: { expiresAt: string } };
            held.pack.expiresAt = new Date(Date.now() - 1000).toISOString();
            store.put(held, rideId).addEventListener("success", () => resolve());
          });
        });
        db.close();
      },
      { name: RIDE_DAY_DB, rideId: ride.id },
    );
    await page.reload();
    await expect(page.getByText("This ride is not on this phone.")).toBeVisible();
    expect(await heldRides(page)).toEqual([]);
  });
});

/** Takes a ride offline from its Check-in page and waits until the page has synced. */
async function takeOffline(page: Page, rideId: string) {
  await page.goto(checkInHref(rideId));
  await page.getByRole("button", { name: "Take this ride offline" }).click();
  await expect(page).toHaveURL(rideDayHref(rideId));
  await expect(page.getByText(/^Synced at/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** A ride of one rider, who accepted its waiver. */
async function rideOfOne(db: Database, place: string, rider: string) {
  const ride = await createRide(
    db,
    rideInput({ title: uniqueTitle(place), registration: { mode: "site", seats: 4, waitlist: false } }),
  );
  const { version } = await saveWaiver(db, ride.id, { text: "I ride at my own risk." }, { actor: DESK, origin: null });
  const { registration } = await registerRider(
    db,
    ride.id,
    riderForm(1, { name: rider, mobile: freshMobile(), waiverVersion: version!.id, waiverName: rider }),
  );
  // A time of acceptance the roster can be checked against.
  await db
    .updateTable("registrations")
    .set({ waiver_accepted_at: "2026-11-20T09:15:00.000Z" })
    .where("id", "=", registration.id)
    .execute();
  return ride;
}

const DESK = { id: null, email: "desk@roadbook.test" };

/** The admin's sessions lapse, as two idle hours on the road leave them (their idle expiry passed). */
async function lapseSessions(db: Database, userId: string) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await db.updateTable("sessions").set({ idle_expires_at: past }).where("user_id", "=", userId).execute();
}

test.describe("a session that lapsed", () => {
  // The sync, and the admin root, answer 401 once the session has lapsed; and the signal may go
  // while the sign-in screen still fetches its routes' manifest (as a phone's does), which fails.
  test.use({
    allowedConsoleErrors: [
      "the server responded with a status of 401 (Unauthorized)",
      "net::ERR_INTERNET_DISCONNECTED",
      "Failed to fetch manifest patches",
    ],
  });

  test("keeps the ride readable online, on the sign-in screen and offline, until the captain signs in again @mobile", async ({
    adminPage: page,
    context,
    db,
    ownAdmin,
    baseURL,
  }) => {
    const ride = await rideOfOne(db, "Lahaul", "Asha Rao");
    await takeOffline(page, ride.id);
    const asha = page.getByRole("list", { name: "Riders" }).getByRole("listitem", { name: "Asha Rao" });
    // The pack carries what the rider accepted: the version, the name typed and when.
    await expect(asha.getByTestId("waiver")).toHaveText("Waiver accepted · v1 · “Asha Rao” · 20 Nov 2026, 14:45 IST");

    // Two idle hours: opened with signal, the page still shows the ride, and says why it cannot sync.
    await lapseSessions(db, ownAdmin.id);
    await page.goto(rideDayHref(ride.id));
    await expect(page.getByRole("heading", { level: 1, name: ride.title })).toBeVisible();
    await expect(asha).toBeVisible();
    await expect(page.getByText("Your session has ended: sign in again")).toBeVisible();

    // The sign-in screen removes nothing: with the signal gone, the ride is all there.
    await page.goto("/admin");
    await expect(page.getByText("Sign in to manage rides and site content.")).toBeVisible();
    await context.setOffline(true);
    await page.goto(rideDayHref(ride.id));
    await expect(asha.getByRole("button", { name: "Check in" })).toBeVisible();
    await asha.getByText("Emergency details").click();
    await expect(asha).toContainText("O+");
    expect(await heldRides(page)).toEqual([ride.id]);

    // Signed in again, the page syncs.
    await context.setOffline(false);
    await signInAs(page, db, ownAdmin.id, baseURL ?? "");
    await page.goto(rideDayHref(ride.id));
    await expect(page.getByText(/^Synced at/)).toBeVisible();
  });

  test("keeps the page and its changes waiting, online and offline, until the captain signs in again and sends them @mobile", async ({
    adminPage: page,
    context,
    db,
    ownAdmin,
    baseURL,
  }) => {
    const ride = await rideOfOne(db, "Kinnaur", "Bala Iyer");
    await takeOffline(page, ride.id);

    // Offline, a check-in; meanwhile the session lapses.
    await context.setOffline(true);
    await expect(page.getByTestId("network")).toHaveText("Offline");
    await page.getByRole("button", { name: "Check in" }).click();
    await expect(page.getByTestId("waiting")).toHaveText("1 change waiting to sync");
    await lapseSessions(db, ownAdmin.id);
    await context.setOffline(false);
    await expect(page.getByText("Your session has ended: sign in again")).toBeVisible();

    // Opened again with signal: the page and the change waiting are still there, and offline too.
    await page.goto(rideDayHref(ride.id));
    await expect(page.getByRole("heading", { level: 1, name: ride.title })).toBeVisible();
    await expect(page.getByTestId("waiting")).toHaveText("1 change waiting to sync");
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: ride.title })).toBeVisible();
    await expect(page.getByTestId("waiting")).toHaveText("1 change waiting to sync");
    await expect(page.getByText("This ride is not on this phone")).toHaveCount(0);

    // Signed in again, the ride-day page sends the change.
    await context.setOffline(false);
    await signInAs(page, db, ownAdmin.id, baseURL ?? "");
    await page.goto(rideDayHref(ride.id));
    await expect(page.getByTestId("waiting")).toHaveText("Everything is synced");
    const row = await db
      .selectFrom("registrations")
      .select("checked_in_at")
      .where("ride_id", "=", ride.id)
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).not.toBeNull();
  });
});

test("on a connection that connects but stalls, the ride shows at once from the phone @mobile", async ({
  adminPage: page,
  context,
  db,
}) => {
  const ride = await rideOfOne(db, "Chandratal", "Chitra Nair");
  await takeOffline(page, ride.id);
  // Every request from now on connects and never answers: the page, the sync, the worker's refresh.
  await context.route("**/*", () => undefined);
  try {
    void page.goto(rideDayHref(ride.id)).catch(() => undefined);
    const chitra = page.getByRole("list", { name: "Riders" }).getByRole("listitem", { name: "Chitra Nair" });
    // No answer ever comes from the network here: a roster that shows came from the phone's copy.
    await expect(chitra.getByRole("button", { name: "Check in" })).toBeVisible();
    await chitra.getByRole("button", { name: "Check in" }).click();
    await expect(page.getByTestId("waiting")).toHaveText("1 change waiting to sync");
  } finally {
    await context.unrouteAll({ behavior: "ignoreErrors" });
  }
});

test("an expired pack keeps the changes never sent until they are sent, and says so @mobile", async ({
  adminPage: page,
  context,
  db,
}) => {
  const ride = await rideOfOne(db, "Pangi", "Dev Menon");
  await takeOffline(page, ride.id);
  await context.setOffline(true);
  await expect(page.getByTestId("network")).toHaveText("Offline");
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByTestId("waiting")).toHaveText("1 change waiting to sync");

  // The phone's clock passes the pack's expiry: the riders' details go from the screen, the change stays.
  const expiresAt = await page.evaluate(
    async ({ name, rideId }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.addEventListener("success", () => resolve(request.result));
        request.addEventListener("error", () => reject(request.error));
      });
      const held = await new Promise<{ pack: { expiresAt: string } }>((resolve) => {
        const read = db.transaction("rides").objectStore("rides").get(rideId);
        read.addEventListener("success", () => resolve(read.result as { pack: { expiresAt: string } }));
      });
      db.close();
      return held.pack.expiresAt;
    },
    { name: RIDE_DAY_DB, rideId: ride.id },
  );
  await page.clock.setFixedTime(Date.parse(expiresAt) + 60_000);
  await page.reload();
  await expect(page.getByTestId("expired")).toContainText("1 change made on this phone never reached the server");
  await expect(page.getByRole("list", { name: "Riders" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Discard the change never sent" })).toBeVisible();
  expect(await heldRides(page)).toEqual([ride.id]);

  // Signal again: the change is sent, then the expired ride leaves the phone.
  await context.setOffline(false);
  await expect(page.getByText("Every change was sent. This ride's pack has expired.")).toBeVisible();
  await expect.poll(() => heldRides(page)).toEqual([]);
  const row = await db
    .selectFrom("registrations")
    .select("checked_in_at")
    .where("ride_id", "=", ride.id)
    .executeTakeFirstOrThrow();
  expect(row.checked_in_at).not.toBeNull();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the ride-day page says it needs JavaScript and links to the Check-in page", async ({ adminPage: page, db }) => {
    const ride = await createRide(db, rideInput({ title: uniqueTitle("Sach Pass") }));
    await page.goto(rideDayHref(ride.id));
    await expect(page.getByText("This page needs JavaScript")).toBeVisible();
    await expect(page.getByRole("link", { name: "Check-in page" })).toHaveAttribute("href", checkInHref(ride.id));
  });
});
