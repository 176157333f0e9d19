import type { Page } from "@playwright/test";
import { formatDateRange, toIsoDate } from "~/domain/dates";
import { reminderDueAt } from "~/features/rider-messages/domain/reminders";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { waitForHydration } from "./support/hydration.ts";
import { addRide, adminCard, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { testClock } from "./support/test-clock.ts";

// A ride talks to its riders by itself (docs/features/rider-messages.md): an admin's edit of the
// dates reaches the rider's booking page as one change notice, and the eve's reminder appears
// once the server's clock (TEST_CLOCK_FILE) reaches its time.

const clock = testClock();

const test = testOnOwnAdminServer({
  env: { TEST_CLOCK_FILE: clock.file, REMINDER_POLL_SECONDS: "1", CHANGE_NOTICE_DELAY_SECONDS: "1" },
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date `days` after today in India. */
const daysFromNow = (days: number) => toIsoDate(new Date(Date.now() + 5.5 * 60 * 60 * 1000 + days * DAY_MS));

/** The titles of the booking page's Updates, as the rider reads them now. */
async function updateTitles(page: Page, bookingPath: string): Promise<string[]> {
  await page.goto(bookingPath);
  return page.getByTestId("update").getByRole("heading").allTextContents();
}

test("an edit of the dates is told once on the rider's page, and the eve's reminder comes at its time", async ({
  adminPage: page,
  db,
}) => {
  const title = uniqueTitle("Kudremukh Night Ride");
  const [start, end] = [daysFromNow(4), daysFromNow(5)];
  const rideId = await addRide(page, db, title, {
    startDate: start,
    endDate: end,
    startingPlace: "Mangaluru bus stand",
    itinerary: [
      { day: 1, title: "Mangaluru to Kudremukh", distance: "110 km" },
      { day: 2, title: "Back to the coast", distance: "110 km" },
    ],
    registration: {
      mode: "site",
      seats: 4,
      reminders: { week: { on: false }, eve: { on: true, daysBefore: 1 } },
    },
  });
  const { token } = await registerRider(db, rideId, riderForm(1, { name: "Asha Rao", mobile: "9876501234" }));
  const bookingPath = `/booking/${token}`;

  // The admin moves the ride a day later in the form (the end first: the days keep their titles)
  // and adds a line to its reminders.
  const [newStart, newEnd] = [daysFromNow(5), daysFromNow(6)];
  await page.goto("/admin/rides");
  await waitForHydration(page);
  await adminCard(page, title).getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Ride" })).toBeVisible();
  await page.getByLabel("End date").fill(newEnd);
  await page.getByLabel("Start date").fill(newStart);
  await expect(page.getByLabel("Reminder: things to carry")).not.toBeChecked();
  await page.getByLabel("Added to every reminder").fill("Fuel up in Mangaluru.");
  await page.getByRole("button", { name: "Update Ride" }).click();
  await expect(adminCard(page, title)).toBeVisible();

  const rider = await page.context().browser()!.newPage();
  await expect.poll(() => updateTitles(rider, bookingPath)).toContain(`Ride updated: ${title}`);
  const notices = rider.getByTestId("update").filter({ hasText: `Ride updated: ${title}` });
  await expect(notices).toHaveCount(1);
  await expect(notices).toContainText(`Dates: ${formatDateRange(start, end)} → ${formatDateRange(newStart, newEnd)}`);
  expect(await updateTitles(rider, bookingPath)).not.toContain(`Tomorrow: ${title}`);

  // The server's clock moves to a minute past the eve's reminder for the new start date.
  const dueAt = reminderDueAt(newStart, 1)!.getTime();
  clock.set(dueAt - Date.now() + 60_000);
  await expect.poll(() => updateTitles(rider, bookingPath)).toContain(`Tomorrow: ${title}`);
  const reminder = rider.getByTestId("update").filter({ hasText: `Tomorrow: ${title}` });
  await expect(reminder).toHaveCount(1);
  await expect(reminder).toContainText("Meeting point: Mangaluru bus stand");
  await expect(reminder).toContainText("Day 1: Mangaluru to Kudremukh (110 km)");
  await expect(reminder).toContainText("Fuel up in Mangaluru.");
  await rider.close();
});
