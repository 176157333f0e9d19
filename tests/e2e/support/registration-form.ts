import type { Page } from "@playwright/test";

/** Fills the registration form as a rider does (solo, every required answer). */
export async function fillRegistration(
  page: Page,
  { name, mobile, email = "" }: { name: string; mobile: string; email?: string },
) {
  await page.getByLabel("Full name", { exact: true }).fill(name);
  await page.getByLabel("Mobile number", { exact: true }).fill(mobile);
  if (email) await page.getByLabel("Email (optional)").fill(email);
  await page.getByLabel("Blood group").selectOption("B+");
  await page.getByLabel("Emergency contact name").fill("Ravi Rao");
  await page.getByLabel("Emergency contact mobile number").fill("+91 91234 56789");
  await page.getByLabel("Your bike's model (optional)").fill("Himalayan 450");
  await page.getByLabel("I will carry the mandatory things listed above.").check();
  await page.getByLabel("I accept the cancellation policy.").check();
  await page.getByLabel(/^I agree that the organisers use my details/).check();
}

/** Fills the demo Leh–Ladakh ride's form, which asks for a driving licence too. */
export async function fillLadakhForm(page: Page, rider: Parameters<typeof fillRegistration>[1]) {
  await fillRegistration(page, rider);
  await page.getByLabel("Driving licence number").fill("KA0120230001234");
}
