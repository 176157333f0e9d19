import { DATE_OUT_OF_RANGE } from "~/domain/fields";
import { RIDE_MESSAGES } from "~/domain/messages";
import { postAction, rideIdByTitle, rideInput, uniqueTitle, testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Decision 016: content that once broke the site, sent as a careless client or an attacker would.
// Every page here fails its test on any console error, uncaught error or CSP violation
// (fixtures.ts), which is how a hydration mismatch or a sandboxed page shows itself.

const test = testOnOwnAdminServer({ seedDemo: true });

test.describe("Hostile content", () => {
  test("a title with lone surrogates and control characters is stored clean and every page hydrates", async ({
    adminPage: page,
    db,
  }) => {
    const marker = uniqueTitle("Broken");
    const sent = await postAction(page, "/admin/rides", {
      intent: "create",
      ride: rideInput(`${marker} x\ud800y\udfff\u0007`, { status: "completed" }),
    });
    expect(sent.status()).toBe(200);
    const shown = `${marker} x\ufffdy\ufffd`;
    const id = await rideIdByTitle(db, shown);

    await page.goto(`/ride/${id}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: shown })).toBeVisible();
    await page.goto("/previous");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: shown })).toBeVisible();
    await page.goto("/admin/rides");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: shown })).toBeVisible();
  });

  test("a booking link whose host would rewrite the CSP is refused, and pages keep one policy", async ({
    adminPage: page,
  }) => {
    for (const bookingFormUrl of ["https://x;sandbox/", "https://a,b.example/"]) {
      const response = await postAction(page, "/admin/rides", {
        intent: "create",
        ride: rideInput(uniqueTitle("Sandboxed"), { bookingFormUrl }),
      });
      expect(response.status()).toBe(400);
      const answer = await response.text();
      expect(answer).toContain(RIDE_MESSAGES.addFailed);
      expect(answer).toContain("Booking form URL must be a valid URL");
    }
    const home = await page.request.get("/");
    const policy = home.headers()["content-security-policy"]!;
    expect(policy).not.toMatch(/sandbox|,/);
  });

  test("huge numbers and far dates get a message per field, not a 500, and nothing is stored", async ({
    adminPage: page,
    db,
  }) => {
    const title = uniqueTitle("Huge");
    const response = await postAction(page, "/admin/rides", {
      intent: "create",
      ride: rideInput(title, {
        participants: "9007199254740993",
        distance: "9007199254740993 km",
        endDate: "9999-12-31",
      }),
    });
    expect(response.status()).toBe(400);
    const answer = await response.text();
    for (const message of [
      "Participants must be at most 10,000",
      "Distance must be at most 100,000 km",
      DATE_OUT_OF_RANGE,
    ]) {
      expect(answer).toContain(message);
    }
    await expect(rideIdByTitle(db, title)).rejects.toThrow(/no ride titled/);
  });
});
