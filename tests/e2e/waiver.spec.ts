import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { addRide, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// The waiver (docs/features/waivers.md): an admin writes a ride's waiver; a rider's registration
// is refused until they accept it by typing their full name; the version and name show on their
// booking page, the Riders page and the CSV. The admin changes the text: a form read before is
// refused with the new text, check-in shows who has not accepted it, and the rider accepts the
// new version from their booking page.

const test = testOnOwnAdminServer({});
// One journey across the admin's and the rider's pages, each a server render of the production
// build: well past the default 30 s on a loaded machine.
// The registration refused for want of the waiver answers 400, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test("a rider accepts the ride's waiver by typing their name, and accepts it again once it changed", async ({
  adminPage: page,
  db,
}) => {
  const title = uniqueTitle("Zanskar Frozen River");
  const rideId = await addRide(page, db, title, {
    startDate: "2099-02-10",
    endDate: "2099-02-18",
    registration: { mode: "site", seats: 5, options: { solo: { offered: true } } },
  });

  // The admin writes the waiver.
  await page.goto(`/admin/rides/${rideId}/waiver`);
  // Indented lines and runs of spaces are the organisers' layout: riders read them as written.
  const rules = "Riding on ice is dangerous.\n\nI ride at my own risk:\n    a)  helmet  on,\n    b)  crampons  on.";
  await page.getByLabel("Waiver text").fill(rules);
  await page.getByRole("button", { name: "Save waiver" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved as version 1." })).toBeVisible();
  await expectNoA11yViolations(page);

  // Without the typed name, the registration is refused; with it, taken.
  await page.goto(`/ride/${rideId}/register`);
  const waiver = page.getByRole("group", { name: "Waiver" });
  await expect(waiver).toContainText("Waiver, version 1");
  // As rendered (innerText), not as the markup holds it: a collapsing white-space would lose them.
  const shown = (where: typeof waiver) =>
    where.getByText("Riding on ice").evaluate((text) => (text as HTMLElement).innerText);
  expect(await shown(waiver)).toContain("I ride at my own risk:\n    a)  helmet  on,\n    b)  crampons  on.");
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile() });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.locator("#error-summary")).toContainText("Accept the waiver by typing your full name");
  await page.getByLabel("Type your full name to accept the waiver").fill("ASHA  rao");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const bookingUrl = page.url();
  const reference = (await page.getByTestId("booking-reference").textContent())!;
  const accepted = page.getByTestId("waiver-accepted");
  await expect(accepted).toContainText("You accepted version 1");
  await expect(accepted).toContainText("“ASHA  rao”");
  await expect(accepted).toContainText("Riding on ice is dangerous.");
  expect(await shown(accepted)).toContain("\n    a)  helmet  on,");

  // The Riders page and the CSV say who accepted which version.
  await page.goto(`/admin/rides/${rideId}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  await expect(card.getByTestId("waiver")).toHaveText("Accepted");
  await expect(card).toContainText("v1 · “ASHA  rao”");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const records = parse(await readFile((await (await downloading).path()) ?? ""), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(
    records.map((record) => [record.Waiver, record["Waiver version accepted"], record["Waiver name typed"]]),
  ).toEqual([["Accepted", "1", "ASHA  rao"]]);

  // Another rider fills in the form under version 1 and sends it once version 2 is saved.
  const late = await page.context().newPage();
  await late.goto(`/ride/${rideId}/register`);
  await fillRegistration(late, { name: "Bala Iyer", mobile: freshMobile() });
  await late.getByLabel("Type your full name to accept the waiver").fill("Bala Iyer");

  // The admin changes the waiver: check-in shows the rider has not accepted it.
  await page.goto(`/admin/rides/${rideId}/waiver`);
  await page.getByLabel("Waiver text").fill("Riding on ice is dangerous. Crampons are mandatory.");
  await page.getByRole("button", { name: "Save waiver" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Saved as version 2. 1 rider is asked to accept it." }),
  ).toBeVisible();
  await late.getByRole("button", { name: "Register" }).click();
  await expect(late.locator("#error-summary")).toContainText("The waiver changed while you were reading it");
  await expect(late.getByRole("group", { name: "Waiver" })).toContainText("Crampons are mandatory.");
  await expect(late.getByLabel("Type your full name to accept the waiver")).toHaveValue("");
  await late.close();
  await page.goto(`/admin/rides/${rideId}/check-in`);
  const row = page.locator(`[data-testid="check-in-rider"][data-reference="${reference}"]`);
  await expect(row.getByTestId("waiver-owed")).toHaveText("Has not accepted the new waiver");

  // The rider is told, and accepts the new version from their booking page.
  await page.goto(bookingUrl);
  await expect(page.getByRole("region", { name: "Updates", exact: true })).toContainText(
    `The waiver of "${title}" changed`,
  );
  const section = page.getByRole("region", { name: "Waiver" });
  await expect(section).toContainText("The waiver changed: accept the new version");
  await expect(section).toContainText("Crampons are mandatory.");
  await expectNoA11yViolations(page);
  await section.getByLabel("Type your full name to accept the waiver").fill("Asha Rao");
  await section.getByRole("button", { name: "Accept the waiver" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you: the waiver is accepted.");
  await expect(page.getByTestId("waiver-accepted")).toContainText("You accepted version 2");
  await expect(page.getByTestId("waiver-accepted")).toContainText("Crampons are mandatory.");
});
