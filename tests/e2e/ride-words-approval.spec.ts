import { toIsoDate } from "~/domain/dates";
import { rideHref } from "~/domain/links";
import { rideWordsHref } from "~/domain/admin-links";
import { FEEDBACK_CHANGED, answerByToken } from "~/features/ride-words/server/commands.server";
import { setCheckedIn } from "~/features/ride-day/server/check-in.server";
import { setRideStatus } from "~/server/rides/rides.server";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { addRide, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";

// An approval names the words the admin read (issue 34, item 20; docs/features/ride-words.md):
// the rider edits waiting words while the admin has the page open, and Approve is refused with
// a message that says why; the new words are shown, nothing unread reaches the public pages, and
// approving what is now shown works.

const test = testOnOwnAdminServer({});
// The refused approval's answer: 409, as it should be.
test.use({ allowedConsoleErrors: ["status of 409 (Conflict)"] });

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => toIsoDate(new Date(Date.now() + 5.5 * 60 * 60 * 1000 + days * DAY_MS));
const CAPTAIN = { id: null, email: "captain@roadbook.test" };

test("words the rider changed after the admin read them are not approved unread", async ({ adminPage: page, db }) => {
  const title = uniqueTitle("Kudremukh Loop");
  const [start, end] = [daysFromNow(-6), daysFromNow(-4)];
  const rideId = await addRide(page, db, title, {
    startDate: start,
    endDate: end,
    lastBookingDate: "",
    registration: { mode: "site", seats: 4 },
  });
  const before = new Date(Date.parse(`${start}T00:00:00Z`) - 10 * DAY_MS);
  await db.updateTable("rides").set({ published_at: before.toISOString() }).where("id", "=", rideId).execute();
  const asha = await registerRider(db, rideId, riderForm(1, { name: "Asha Rao", mobile: "9876501234" }), before);
  await setCheckedIn(db, asha.registration.id, true, { actor: CAPTAIN, now: new Date(`${start}T04:00:00Z`) });
  await setRideStatus(db, rideId, "completed");
  await answerByToken(db, asha.token, { rating: "5", words: "Green hills and a kind captain." });

  await page.goto(rideWordsHref(rideId));
  const item = page.getByTestId("ride-words-item").filter({ hasText: "Asha" });
  await expect(item).toContainText("Green hills and a kind captain.");

  // Behind the admin's back, the rider rewrites them.
  await answerByToken(db, asha.token, { rating: "1", words: "Words nobody has read yet." });
  await item.getByRole("button", { name: "Approve Asha's words" }).click();

  await expect(page.getByRole("alert").filter({ hasText: FEEDBACK_CHANGED })).toBeVisible();
  await expect(item).toContainText("Words nobody has read yet.");
  await expect(item).toContainText("Waiting for review");
  const ridePage = await page.context().newPage();
  await ridePage.goto(rideHref(rideId));
  await expect(ridePage.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(ridePage.getByRole("heading", { name: "What riders said" })).toHaveCount(0);

  // Read now, they can be approved.
  await item.getByRole("button", { name: "Approve Asha's words" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Asha's words approved" })).toBeVisible();
  await expect(item).toContainText("Approved");
});
