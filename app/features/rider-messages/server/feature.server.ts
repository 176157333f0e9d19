import type { FeatureServer } from "~/server/registries/feature.server";
import { serverClock } from "~/server/clock.server";
import { riderMessagesSection } from "./booking-section.server";
import { deliverChangeNotice } from "./change-notice.server";
import { setChangeNoticeDelay } from "./change-notice-queue.server";
import { mailSender, pushSender, riderMessageDelivery } from "./deliver.server";
import { scheduleReminders } from "./reminder-schedule.server";
import { riderMessagesRidersPage } from "./riders-page.server";

/** Rider messages with push (docs/features/rider-messages.md) as the server hooks it in (decision 050). */
export const riderMessagesFeature = {
  name: "rider-messages",
  deliveries: ({ db, mailer, push, now, origin }) => {
    const senders = { email: mailSender(mailer), ...(push ? { push: pushSender(db, push) } : {}) };
    return {
      "rider-message": riderMessageDelivery(db, senders, now, mailer),
      "change-notice": (notice) => deliverChangeNotice(db, notice, { now: now(), origin }),
    };
  },
  start: ({ db, env, logger, origin }) => {
    // A ride's edits are told its riders once, the delay after the first (change-notice-queue.server.ts).
    setChangeNoticeDelay(env.changeNoticeDelayMs);
    // Rides' reminders, each written once when due (reminder-schedule.server.ts).
    return scheduleReminders(db, { pollMs: env.reminderPollMs, origin, clock: serverClock, logger });
  },
  bookingPage: riderMessagesSection,
  ridersPage: riderMessagesRidersPage,
} satisfies FeatureServer;
