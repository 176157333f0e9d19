import { balancePayment, bookingPayment } from "~/domain/registration/booking-page";
import { notifyContentChanged } from "../content-events.server";
import type { Database } from "../db/schema.server";
import type { Mail, Mailer } from "../mail/mailer.server";
import { bookingLinkMail, confirmationMail, promotionMail } from "../registrations/rider-mail.server";
import { getConfig } from "../content/config.server";
import { signInLinkMail } from "../../features/rider-accounts/server/sign-in-mail.server";
import { bookingTokenOf, getRegistration } from "../registrations/queries.server";
import { bookingHref } from "~/domain/links";
import { riderReplyTo } from "../mail/reply-to.server";
import { getRide } from "../rides/rides.server";
import { deleteRemovedImages } from "../images/removed-images.server";
import type { ObjectStorage } from "../storage/storage.server";
import type { PushSettings } from "../../features/rider-messages/server/push/push-env.server";
import { deliverChangeNotice } from "../../features/rider-messages/server/change-notice.server";
import { mailSender, pushSender, riderMessageDelivery } from "../../features/rider-messages/server/deliver.server";
import type { Deliveries, Delivery } from "./dispatcher.server";

/** Sends one mail; the entry's id is its Message-ID, so a mail sent again after a crash is the same message. */
async function send(mailer: Mailer, mail: Mail, entryId: string): Promise<void> {
  if (!(await mailer.send({ ...mail, messageId: `<${entryId}@outbox.roadbook>` }))) {
    throw new Error("the mail server did not take the mail");
  }
}

/** Deletes the files of the removed photos' images no record uses any more. */
export function removedImagesDelivery(services: { db: Database; storage: ObjectStorage }): Delivery<"images-removed"> {
  return async ({ images }) => {
    await deleteRemovedImages(services, images);
  };
}

/**
 * How this server delivers each kind of outbox entry (decision 029). A rider's mail is written
 * from the booking as it is when sent: one erased or cancelled in between gets no mail. With
 * mail off (no SMTP_URL) a mail entry is delivered by sending nothing: the pages say it all.
 */
export function outboxDeliveries({
  db,
  mailer,
  storage,
  push,
  now,
  origin = null,
}: {
  db: Database;
  mailer: Mailer;
  /** The uploads' storage, where removed photos' files are deleted; without it they wait for a server that has it. */
  storage?: ObjectStorage;
  /** Web Push's keys; without them no push delivery is written, and one left over is skipped. */
  push?: PushSettings;
  now: () => Date;
  /** PUBLIC_URL: the riders' links in messages the site writes itself (change notices). */
  origin?: string | null;
}): Deliveries {
  const replyTo = () => riderReplyTo(db, mailer);
  const senders = { email: mailSender(mailer), ...(push ? { push: pushSender(db, push) } : {}) };
  /** A mail to a rider, with the Reply-To the organisers read, as it is now (or none). */
  const sendToRider = async (mail: Mail, entry: { id: string }) => {
    const address = await replyTo();
    await send(mailer, address ? { ...mail, replyTo: address } : mail, entry.id);
  };
  /** A mail written as it was enqueued (its address is in the entry, emptied once sent). */
  const sendWritten = async ({ mail }: { mail: Mail }, entry: { id: string }) => {
    if (mailer.enabled) await send(mailer, mail, entry.id);
  };
  /** A rider's mail written as it was enqueued. */
  const sendWrittenToRider = async ({ mail }: { mail: Mail }, entry: { id: string }) => {
    if (mailer.enabled) await sendToRider(mail, entry);
  };
  return {
    "content-changed": ({ change }) => notifyContentChanged(change),
    "registered-mail": async ({ registrationId, link }, entry) => {
      if (!mailer.enabled) return;
      const registration = await getRegistration(db, registrationId);
      if (!registration?.email || registration.status === "cancelled") return;
      const [ride, config] = await Promise.all([getRide(db, registration.rideId), getConfig(db)]);
      if (!ride) return;
      const payment = bookingPayment(config.company, ride, registration.reference, registration.creditPaise);
      const balance = balancePayment(config.company, ride, registration, now());
      await sendToRider(confirmationMail({ ride, registration, payment, balance, link }), entry);
    },
    "booking-link-mail": async ({ registrationId, link }, entry) => {
      if (!mailer.enabled) return;
      const registration = await getRegistration(db, registrationId);
      if (!registration?.email || registration.status === "cancelled") return;
      const ride = await getRide(db, registration.rideId);
      if (ride) await sendToRider(bookingLinkMail({ ride, registration, link }), entry);
    },
    "rider-sign-in-mail": async ({ email, link }, entry) => {
      if (mailer.enabled) await sendToRider(signInLinkMail(email, link), entry);
    },
    "seat-confirmed-mail": async ({ registrationId }, entry) => {
      if (!mailer.enabled) return;
      const registration = await getRegistration(db, registrationId);
      if (!registration?.email || registration.status !== "confirmed") return;
      const [ride, config, token] = await Promise.all([
        getRide(db, registration.rideId),
        getConfig(db),
        bookingTokenOf(db, registration.id),
      ]);
      if (!ride) return;
      const payment = bookingPayment(config.company, ride, registration.reference, registration.creditPaise);
      const balance = balancePayment(config.company, ride, registration, now());
      const link = token && origin ? origin + bookingHref(token) : null;
      await sendToRider(promotionMail({ ride, registration, payment, balance, link, origin }), entry);
    },
    "seat-handed-on-mail": sendWrittenToRider,
    "rider-account-mail": sendWrittenToRider,
    "team-mail": sendWritten,
    "rider-message": riderMessageDelivery(db, senders, now, mailer),
    "change-notice": (notice) => deliverChangeNotice(db, notice, { now: now(), origin }),
    ...(storage ? { "images-removed": removedImagesDelivery({ db, storage }) } : {}),
  };
}
