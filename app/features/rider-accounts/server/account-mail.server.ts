import { formatIndiaDateTime } from "~/domain/dates";
import { ME_PATH } from "~/domain/links";
import { SITE_NAME } from "~/domain/site";
import type { Command } from "~/server/commands/command.server";
import type { Mail } from "~/server/mail/mailer.server";

// A rider is told by mail when a way of signing in to their account changes (a passkey added or
// removed), as the team is (auth/sign-in-changes.server.ts): a passkey someone else added on a
// phone left unlocked does not go unnoticed.

export type RiderSignInChange = "passkey-added" | "passkey-removed";

const CHANGES: Record<RiderSignInChange, string> = {
  "passkey-added": "A passkey was added to your account",
  "passkey-removed": "A passkey was removed from your account",
};

export function riderSignInChangedMail(email: string, change: RiderSignInChange, origin: string, now: Date): Mail {
  return {
    to: email,
    subject: `${CHANGES[change]} — ${SITE_NAME}`,
    text: [
      "Hello,",
      "",
      `${CHANGES[change]} on ${SITE_NAME}, on ${formatIndiaDateTime(now)} (India time).`,
      "",
      "If this was you, there is nothing to do.",
      `If it was not, sign in at ${origin}${ME_PATH} with a link by email, remove any passkey you do not know, and choose "Sign out everywhere".`,
    ].join("\n"),
  };
}

/** Enqueued in the command that makes the change, so the mail exists exactly when the change does. */
export async function tellRiderSignInChanged(
  command: Command,
  email: string,
  change: RiderSignInChange,
  origin: string,
): Promise<void> {
  await command.enqueue({
    kind: "rider-account-mail",
    mail: riderSignInChangedMail(email, change, origin, command.now),
  });
}
