import { SIGN_IN_LINK_MINUTES } from "~/features/rider-accounts/domain/account";
import { SITE_NAME } from "~/domain/site";
import type { Mail } from "~/server/mail/mailer.server";

// The mail of a rider's sign-in link (docs/features/rider-accounts.md): plain text, as the other
// mails to riders (registrations/rider-mail.server.ts).

/** Sent when someone asks at /me for a link to `email`: the link, once, within the time. */
export function signInLinkMail(email: string, link: string): Mail {
  return {
    to: email,
    subject: `Your sign-in link — ${SITE_NAME}`,
    text: [
      "Hello,",
      "",
      `Here is your link to sign in to your rides on ${SITE_NAME}:`,
      link,
      "",
      `It works once, within ${SIGN_IN_LINK_MINUTES} minutes. Open it on the phone or computer you want to sign in on.`,
      "",
      "If you did not ask to sign in, you can ignore this mail: without the link no one signs in as you.",
    ].join("\n"),
  };
}
