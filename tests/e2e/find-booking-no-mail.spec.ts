import { siteRide } from "../support/fixtures";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { freshMobile } from "./support/fresh-mobile.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// Find my booking on a site that sends no mail (no SMTP_URL; decision 042): it says so instead of
// pretending to mail a link, and a post renews nothing, so no one can lock a rider out of their
// booking by asking with their number and email. A server of its own, without mail.

const test = testOnOwnServer({});

test("with mail off, Find my booking says the site sends no mail and leaves the rider's link alone", async ({
  page,
  ownServer,
}) => {
  const ride = await siteRide(
    ownServer.db,
    { seats: 5 },
    { title: "Nilgiri Loop", startDate: "2099-03-10", endDate: "2099-03-12", lastBookingDate: "", bookingFormUrl: "" },
  );
  const mobile = freshMobile();
  const { registration, token } = await registerRider(
    ownServer.db,
    ride.id,
    riderForm(1, { mobile, email: "asha@example.com" }),
  );

  await page.goto("/booking");
  await expect(page.getByTestId("find-booking-no-mail")).toContainText("This site sends no mail");
  await expect(page.getByRole("button", { name: "Mail me my booking link" })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // A post sent anyway (a script, an old page) is refused and renews nothing.
  const post = await page.request.post("/booking", { form: { mobile, email: "asha@example.com" } });
  expect(post.status()).toBe(409);
  await page.goto(`/booking/${token}`);
  await expect(page.getByTestId("booking-reference")).toHaveText(registration.reference);
});
