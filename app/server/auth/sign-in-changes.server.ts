import { SITE_NAME } from "~/domain/site";
import type { Mailer } from "../mail/mailer.server";

/** What changed in an admin's sign-in, as the mail tells them (decision 026, note of 2026-11-26). */
export const SIGN_IN_CHANGES = {
  totpAdded: "An authenticator app was added to your admin account",
  totpRemoved: "The authenticator app was removed from your admin account",
  passkeyAdded: "A passkey was added to your admin account",
  passkeyRemoved: "A passkey was removed from your admin account",
  recoveryCodes: "New recovery codes were made for your admin account (the old ones no longer work)",
} as const;
export type SignInChange = keyof typeof SIGN_IN_CHANGES;

/**
 * Tells the admin by mail (when SMTP is configured) that a way of signing in to their account
 * changed, so a change they did not make does not go unnoticed. The mailer never throws and
 * logs no address.
 */
export async function tellSignInChanged(
  mailer: Mailer,
  email: string,
  change: SignInChange,
  now = new Date(),
): Promise<void> {
  if (!mailer.enabled) return;
  const when = `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  await mailer.send({
    to: email,
    subject: `Your ${SITE_NAME} sign-in changed`,
    text: [
      `${SIGN_IN_CHANGES[change]} on ${when}.`,
      "",
      "If this was you, there is nothing to do.",
      `If it was not, sign in to the ${SITE_NAME} admin portal now, check Sign-in & Security, and tell an owner.`,
    ].join("\n"),
  });
}
