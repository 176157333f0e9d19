import type { Mail } from "~/server/mail/mailer.server";
import type { OutboxLabels } from "~/server/registries/feature.server";

/** What the feature's commands leave in the outbox (decision 029), delivered by its descriptor (feature.server.ts). */
export type RiderAccountsMessage =
  /** A rider's one-time sign-in link (docs/features/rider-accounts.md; a secret: emptied once sent). */
  | { kind: "rider-sign-in-mail"; email: string; link: string }
  /** A rider told that a way of signing in to their account changed (account-mail.server.ts), written as it is enqueued. */
  | { kind: "rider-account-mail"; mail: Mail };

export const riderAccountsLabels: OutboxLabels<RiderAccountsMessage> = {
  "rider-sign-in-mail": () => "Sign-in link mail to a rider",
  "rider-account-mail": () => "Account mail to a rider",
};
