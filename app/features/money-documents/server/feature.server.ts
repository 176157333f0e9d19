import { serverClock } from "~/server/clock.server";
import { runPeriodically } from "~/server/periodic-job.server";
import type { FeatureServer } from "~/server/registries/feature.server";
import { moneyDocumentsSection } from "./booking-section.server";
import { documentMail } from "./document-mail.server";
import { issueDueInvoices } from "./invoice-sweep.server";
import { moneyDocumentsRegisterSection } from "./register-section.server";

/** How often the tax invoices of rides that started are looked for: a ride starts on a day, not a minute. */
const INVOICE_SWEEP_MS = 60 * 60 * 1000;

/** Money documents (docs/features/money-documents.md) as the server hooks them in (decision 050). */
export const moneyDocumentsFeature = {
  name: "money-documents",
  deliveries: ({ db, mailer, mail, origin }) => ({
    "money-document-mail": async ({ documentId }, entry) => {
      if (!mailer.enabled) return;
      const written = await documentMail(db, documentId, origin);
      if (written) await mail.toRider(written, entry);
    },
  }),
  start: ({ db, logger }) =>
    runPeriodically(
      INVOICE_SWEEP_MS,
      async () => {
        await issueDueInvoices(db, serverClock());
      },
      (error) => logger.error({ err: error }, "issuing due tax invoices failed"),
    ),
  bookingPage: moneyDocumentsSection,
  registerPage: moneyDocumentsRegisterSection,
} satisfies FeatureServer;
