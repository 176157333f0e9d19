import type { Page } from "@playwright/test";
import type { LocalSmtp } from "../../support/smtp.ts";
import { expect } from "./fixtures.ts";

/** Asks for a sign-in link at `meUrl` (the server's /me) as a rider does. */
export async function askForSignInLink(page: Page, meUrl: string, email: string): Promise<void> {
  await page.goto(meUrl);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("sign-in-sent")).toContainText("Check your email");
}

/** The newest sign-in link the local SMTP server got for `email`, quoted-printable soft line breaks undone. */
export async function mailedSignInLink(smtp: LocalSmtp, email: string): Promise<string> {
  const links = () =>
    smtp.mails
      .filter((mail) => mail.to.includes(email))
      .map((mail) => mail.raw.replace(/=\r?\n/g, ""))
      .map((raw) => /https?:\/\/\S+\/me\/link\/[\w-]{43}/.exec(raw)?.[0])
      .filter((link): link is string => link !== undefined);
  await expect.poll(() => links().length).toBeGreaterThan(0);
  return links().at(-1)!;
}
