import { formatDateRange } from "~/domain/dates";
import {
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_CARRY_MANDATORY,
  DEFAULT_CARRY_SUGGESTED,
  DEFAULT_EXCLUDED,
  DEFAULT_GROUP_SIZE,
  DEFAULT_HIGHLIGHTS,
  DEFAULT_INCLUDED,
  DEFAULT_PAYMENT_TERMS,
  DEFAULT_VEHICLE_TYPE,
  policyPoints,
} from "~/domain/defaults";
import { expect, test } from "./support/admin-fixtures.ts";
import { expectNoA11yViolations } from "./support/fixtures.ts";
import { listUnder, publicRide, ridePath, SAMPLE_RIDE_WITHOUT_DETAILS } from "./support/ride-helpers.ts";

// The ride details page (product.md#ride-page), on the seeded demo rides as they are.

const RAJASTHAN = "Royal Rajasthan Desert Loop";
const NILGIRIS = "Nilgiris Hairpin Challenge";
const LADAKH = "Leh–Ladakh Expedition";

test.describe("ride details: content", () => {
  test("the first response already holds the ride: title, hero facts and every section", async ({ request, e2eDb }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    const response = await request.get(ridePath(ride));
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${ride.title}</h1>`));
    for (const section of ["Overview", "Itinerary", "Inclusions", "Things to Carry", "Policy", "You Might Also Like"]) {
      expect(html).toContain(`>${section}</h2>`);
    }
  });

  test("the hero shows the title, the date range, the duration and the distance", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ride.title);
    await expect(page.getByTestId("hero-dates")).toHaveText(`Dates: ${formatDateRange(ride.startDate, ride.endDate)}`);
    await expect(page.getByTestId("hero-duration")).toHaveText(`Duration: ${ride.duration}`);
    await expect(page.getByTestId("hero-distance")).toHaveText(`Distance: ${ride.distance}`);
    // The stored values are real ones, so none of the 'TBD' texts shows (those are unit-tested in hero-facts.test.ts).
    await expect(page.getByText(/TBD$/)).toHaveCount(0);
  });

  test("Overview: description, highlights, vehicle type, group size, difficulty and best season", async ({
    page,
    e2eDb,
  }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    const overview = page.locator("#overview");
    await expect(overview.getByText(ride.description)).toBeVisible();
    await expect(listUnder(page, "#overview", "Highlights")).toHaveText(ride.highlights);
    const facts = overview.locator("dl");
    await expect(facts.locator("dt")).toHaveText(["Vehicle Type", "Group Size", "Difficulty", "Best Season"]);
    await expect(facts.locator("dd")).toHaveText([
      ride.vehicleType,
      ride.maxParticipants,
      ride.difficulty,
      ride.bestSeason,
    ]);
  });

  test("Itinerary: every day with its title, description, activities and distance", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    const days = page.locator("#itinerary > div > ol > li");
    await expect(days).toHaveCount(ride.itinerary.length);
    for (const [index, day] of ride.itinerary.entries()) {
      const item = days.nth(index);
      await expect(item.getByRole("heading", { level: 3 })).toHaveText(`Day ${day.day}: ${day.title}`);
      await expect(item.getByText(day.description)).toBeVisible();
      await expect(item.getByRole("list", { name: `Day ${day.day} activities` }).getByRole("listitem")).toHaveText(
        day.activities,
      );
      await expect(item).toContainText(`Distance: ${day.distance}`);
    }
  });

  test("Inclusions: what is included and what is not", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    await expect(listUnder(page, "#inclusions", "What's Included")).toHaveText(ride.included);
    await expect(listUnder(page, "#inclusions", "What's Not Included")).toHaveText(ride.excluded);
  });

  test("Things to Carry: a Mandatory and a Suggested column", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    await expect(listUnder(page, "#things-to-carry", "Mandatory")).toHaveText(ride.thingsToCarryMandatory);
    await expect(listUnder(page, "#things-to-carry", "Suggested")).toHaveText(ride.thingsToCarrySuggested);
  });

  test("Policy: cancellation policy, payment terms and 'How to Join This Trip'", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    await expect(listUnder(page, "#policy", "Cancellation Policy")).toHaveText(policyPoints(ride.cancellationPolicy));
    await expect(listUnder(page, "#policy", "Payment Terms")).toHaveText(policyPoints(ride.paymentTerms));
    await expect(page.getByRole("heading", { name: "How to Join This Trip" })).toBeVisible();
    for (const step of policyPoints(ride.howToJoin))
      await expect(page.locator("#policy").getByText(step)).toBeVisible();
  });

  test("a ride without lists, group size or policies of its own shows the product's display defaults", async ({
    page,
  }) => {
    // A bundled sample ride (shown when the public pages cannot reach the database): it has none of these fields.
    await page.goto(SAMPLE_RIDE_WITHOUT_DETAILS);
    const facts = page.locator("#overview dl");
    await expect(facts.locator("dt")).toHaveText(["Vehicle Type", "Group Size", "Difficulty"]);
    await expect(facts.locator("dd").first()).toHaveText(DEFAULT_VEHICLE_TYPE);
    await expect(facts.locator("dd").nth(1)).toHaveText(DEFAULT_GROUP_SIZE);
    await expect(listUnder(page, "#overview", "Highlights")).toHaveText(DEFAULT_HIGHLIGHTS);
    await expect(listUnder(page, "#inclusions", "What's Included")).toHaveText(DEFAULT_INCLUDED);
    await expect(listUnder(page, "#inclusions", "What's Not Included")).toHaveText(DEFAULT_EXCLUDED);
    await expect(listUnder(page, "#things-to-carry", "Mandatory")).toHaveText(DEFAULT_CARRY_MANDATORY);
    await expect(listUnder(page, "#things-to-carry", "Suggested")).toHaveText(DEFAULT_CARRY_SUGGESTED);
    await expect(listUnder(page, "#policy", "Cancellation Policy")).toHaveText(DEFAULT_CANCELLATION_POLICY);
    await expect(listUnder(page, "#policy", "Payment Terms")).toHaveText(DEFAULT_PAYMENT_TERMS);
    await expect(page.getByRole("heading", { name: "How to Join This Trip" })).toHaveCount(0);
  });

  test("You Might Also Like: three other upcoming rides, each linking to its page", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    const similar = page.locator("section", { has: page.getByRole("heading", { name: "You Might Also Like" }) });
    const cards = similar.getByTestId("ride-card");
    await expect(cards).toHaveCount(3);
    const titles = await cards.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles).not.toContain(ride.title);
    for (const title of titles) expect((await publicRide(e2eDb, title)).status).toBe("upcoming");

    const first = await publicRide(e2eDb, titles[0]!);
    await cards
      .first()
      .getByRole("link", { name: /View Details/ })
      .click();
    await expect(page).toHaveURL(ridePath(first));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  });

  test("You Might Also Like on a completed ride shows other completed rides", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, NILGIRIS);
    await page.goto(ridePath(ride));
    const cards = page
      .locator("section", { has: page.getByRole("heading", { name: "You Might Also Like" }) })
      .getByTestId("ride-card");
    await expect(cards).toHaveCount(3);
    for (const title of await cards.getByRole("heading", { level: 3 }).allTextContents()) {
      expect(title).not.toBe(ride.title);
      expect((await publicRide(e2eDb, title)).status).toBe("completed");
    }
  });

  test("a ride with a route and registration fits a 360 px phone: no sideways scrolling", async ({ page, e2eDb }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(ridePath(await publicRide(e2eDb, LADAKH)));
    await expect(page.getByRole("heading", { name: "Route", exact: true })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test("has no serious accessibility violations @mobile", async ({ page, e2eDb }) => {
    await page.goto(ridePath(await publicRide(e2eDb, RAJASTHAN)));
    await expectNoA11yViolations(page);
  });
});
