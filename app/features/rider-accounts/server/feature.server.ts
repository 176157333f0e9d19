import type { FeatureServer } from "~/server/registries/feature.server";
import { scheduleAccountErasure } from "./account-erasure.server";
import { riderAccountsSection } from "./booking-section.server";
import { riderAccountsRegisterSection } from "./register-section.server";
import { signedInRider } from "./sessions.server";
import { signInLinkMail } from "./sign-in-mail.server";

/** Riders' accounts with the passport (docs/features/rider-accounts.md) as the server hooks them in (decision 050). */
export const riderAccountsFeature = {
  name: "rider-accounts",
  deliveries: ({ mailer, mail }) => ({
    "rider-sign-in-mail": async ({ email, link }, entry) => {
      if (mailer.enabled) await mail.toRider(signInLinkMail(email, link), entry);
    },
    "rider-account-mail": mail.writtenToRider,
  }),
  // Riders' accounts unused for ACCOUNT_RETENTION_MONTHS, daily (docs/features/rider-data.md).
  start: ({ db, logger }) => scheduleAccountErasure(db, logger),
  bookingPage: riderAccountsSection,
  registerPage: riderAccountsRegisterSection,
  signedIn: signedInRider,
} satisfies FeatureServer;
