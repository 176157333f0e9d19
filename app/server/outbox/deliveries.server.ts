import { bookingPayments } from "../registrations/booking-payments.server";
import { notifyContentChanged } from "../content-events.server";
import type { Database } from "../db/schema.server";
import type { Mailer } from "../mail/mailer.server";
import { bookingLinkMail, confirmationMail, promotionMail } from "../registrations/rider-mail.server";
import { getConfig } from "../content/config.server";
import { bookingTokenOf, getRegistration } from "../registrations/queries.server";
import { bookingHref } from "~/domain/links";
import { getRide } from "../rides/rides.server";
import { deleteRemovedImages } from "../images/removed-images.server";
import type { ObjectStorage } from "../storage/storage.server";
import type { Env } from "../env.server";
import { features } from "~/features/index.server";
import type { Deliveries, Delivery } from "./dispatcher.server";
import { mailSends } from "./mail-sends.server";
import { paymentMethodsOf } from "../payments/methods.server";
import type { RazorpaySettings } from "../payments/razorpay-env.server";
import { paymentReceivedMail } from "../payments/online/payment-mail.server";
import { sendRefund } from "../payments/online/send-refund.server";
import { refundMailOf } from "../payments/refund-mail.server";

/** Deletes the files of the removed photos' images no record uses any more. */
export function removedImagesDelivery(services: { db: Database; storage: ObjectStorage }): Delivery<"images-removed"> {
  return async ({ images }) => {
    await deleteRemovedImages(services, images);
  };
}

/**
 * How this server delivers each kind of outbox entry (decision 029): the core's kinds here, each
 * feature's from its descriptor (app/features/index.server.ts), one delivery per kind. A rider's
 * mail is written from the booking as it is when sent: one erased or cancelled in between gets
 * no mail. With mail off (no SMTP_URL) a mail entry is delivered by sending nothing: the pages
 * say it all.
 */
export function outboxDeliveries({
  db,
  mailer,
  storage,
  push,
  now,
  origin = null,
  razorpay,
}: {
  db: Database;
  mailer: Mailer;
  /** The uploads' storage, where removed photos' files are deleted; without it they wait for a server that has it. */
  storage?: ObjectStorage;
  /** Web Push's keys; without them no push delivery is written, and one left over is skipped. */
  push?: Env["push"];
  now: () => Date;
  /** PUBLIC_URL: the riders' links in messages the site writes itself (change notices). */
  origin?: string | null;
  /** Razorpay's keys: a cancelled booking's payment link is cancelled with them. */
  razorpay?: RazorpaySettings;
}): Deliveries {
  const online = paymentMethodsOf({ razorpay }).online;
  const mail = mailSends(db, mailer);
  const core: Deliveries = {
    "content-changed": ({ change }) => notifyContentChanged(change),
    "registered-mail": async ({ registrationId, link }, entry) => {
      if (!mailer.enabled) return;
      const registration = await getRegistration(db, registrationId);
      if (!registration?.email || registration.status === "cancelled") return;
      const [ride, config] = await Promise.all([getRide(db, registration.rideId), getConfig(db)]);
      if (!ride) return;
      const { payment, balance } = await bookingPayments(db, config.company, registration, ride, now());
      await mail.toRider(confirmationMail({ ride, registration, payment, balance, link }), entry);
    },
    "booking-link-mail": async ({ registrationId, link }, entry) => {
      if (!mailer.enabled) return;
      const registration = await getRegistration(db, registrationId);
      if (!registration?.email || registration.status === "cancelled") return;
      const ride = await getRide(db, registration.rideId);
      if (ride) await mail.toRider(bookingLinkMail({ ride, registration, link }), entry);
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
      const { payment, balance } = await bookingPayments(db, config.company, registration, ride, now());
      const link = token && origin ? origin + bookingHref(token) : null;
      await mail.toRider(promotionMail({ ride, registration, payment, balance, link, origin }), entry);
    },
    "team-mail": mail.written,
    "payment-received-mail": async ({ registrationId, amountPaise }, entry) => {
      if (!mailer.enabled) return;
      const registration = await getRegistration(db, registrationId);
      if (!registration?.email) return;
      const [ride, config, token] = await Promise.all([
        getRide(db, registration.rideId),
        getConfig(db),
        bookingTokenOf(db, registration.id),
      ]);
      if (!ride) return;
      const { dues, balance } = await bookingPayments(db, config.company, registration, ride, now());
      const link = token && origin ? origin + bookingHref(token) : null;
      const balanceDueDate = balance?.dueDate ?? "";
      await mail.toRider(paymentReceivedMail({ ride, registration, amountPaise, dues, balanceDueDate, link }), entry);
    },
    // Without the keys there is nothing to cancel it with: a server started without them skips it.
    "payment-link-cancel": async ({ linkId }) => {
      await online?.cancel(linkId);
    },
    // Without the keys the refund can never be sent: it fails, and becomes the rider's credit.
    "refund-send": async ({ entryId }) => {
      await (online ? online.refund(db, entryId, now()) : sendRefund(db, null, entryId, now()));
    },
    "refund-mail": async ({ registrationId, entryId }, entry) => {
      if (!mailer.enabled) return;
      const mailed = await refundMailOf(db, { registrationId, entryId, origin });
      if (mailed) await mail.toRider(mailed, entry);
    },
    ...(storage ? { "images-removed": removedImagesDelivery({ db, storage }) } : {}),
  };
  const services = { db, mailer, storage, push, now, origin, mail };
  return mergeDeliveries([
    core,
    ...features.map((feature) => ("deliveries" in feature ? feature.deliveries(services) : undefined)),
  ]);
}

/** The deliveries of every owner in one map; a kind two owners deliver is a mistake, refused at start-up. */
export function mergeDeliveries(lists: readonly (Deliveries | undefined)[]): Deliveries {
  const merged: Deliveries = {};
  for (const list of lists) {
    for (const [kind, delivery] of Object.entries(list ?? {})) {
      if (kind in merged) throw new Error(`Two deliveries for the outbox kind "${kind}"`);
      Object.assign(merged, { [kind]: delivery });
    }
  }
  return merged;
}
