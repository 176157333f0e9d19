import { SITE_NAME } from "~/domain/site";
import type { Command } from "../commands/command.server";
import type { Mail } from "../mail/mailer.server";

/** What changed in an admin's sign-in, as the mail tells them (decision 026, note of 2026-11-26). */
export const SIGN_IN_CHANGES = {
  totpAdded: "An authenticator app was added to your admin account",
  totpRemoved: "The authenticator app was removed from your admin account",
  passkeyAdded: "A passkey was added to your admin account",
  passkeyRemoved: "A passkey was removed from your admin account",
  recoveryCodes: "New recovery codes were made for your admin account (the old ones no longer work)",
} as const;
export type SignInChange = keyof typeof SIGN_IN_CHANGES;

export function signInChangedMail(email: string, change: SignInChange, now: Date): Mail {
  const when = `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    to: email,
    subject: `Your ${SITE_NAME} sign-in changed`,
    text: [
      `${SIGN_IN_CHANGES[change]} on ${when}.`,
      "",
      "If this was you, there is nothing to do.",
      `If it was not, sign in to the ${SITE_NAME} admin portal now, check Sign-in & Security, and tell an owner.`,
    ].join("\n"),
  };
}

/**
 * Tells the admin by mail that a way of signing in to their account changed, so a change they
 * did not make does not go unnoticed: enqueued in the command that makes the change (decision
 * 029), so the mail exists exactly when the change does, and sent from the outbox (nothing is
 * sent while SMTP is not configured).
 */
export async function tellSignInChanged(
  command: Command,
  email: string,
  change: SignInChange,
  now = command.now,
): Promise<void> {
  await command.enqueue({ kind: "team-mail", mail: signInChangedMail(email, change, now) });
}
