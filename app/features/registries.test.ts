import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/databases";
import { createLogger } from "../server/logger.server";
import { createMailer } from "../server/mail/mailer.server";
import { mergeDeliveries, outboxDeliveries } from "../server/outbox/deliveries.server";
import type { OutboxKind } from "../server/outbox/messages.server";
import { createDiskStorage } from "../server/storage/disk-storage.server";
import { features } from "./index.server";
import { bookingPageSlots } from "./slots/booking-page";
import { registerFormSlots } from "./slots/register-form";

// The registries the core reads the features through (decision 050) are complete: a kind or a
// form two features claim, or a kind nobody delivers, fails here rather than on a rider's phone.

/** Every outbox kind, the core's and the features': the type refuses a kind missing or unknown. */
const EVERY_KIND: Record<OutboxKind, true> = {
  "content-changed": true,
  "registered-mail": true,
  "booking-link-mail": true,
  "rider-sign-in-mail": true,
  "seat-confirmed-mail": true,
  "seat-handed-on-mail": true,
  "rider-account-mail": true,
  "team-mail": true,
  "rider-message": true,
  "change-notice": true,
  "images-removed": true,
  "payment-received-mail": true,
  "payment-link-cancel": true,
  "refund-send": true,
  "refund-mail": true,
  "money-document-mail": true,
};

describe("the features' registries", () => {
  let test: TestDatabase;
  let uploads: string;
  beforeAll(async () => {
    test = await openTestDatabase("sqlite");
    uploads = mkdtempSync(path.join(tmpdir(), "roadbook-registries-"));
  });
  afterAll(async () => {
    await test.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("list each feature once, by its folder's name", () => {
    const names = features.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([
      "credit",
      "money-documents",
      "ride-day",
      "ride-photos",
      "ride-words",
      "rider-accounts",
      "rider-messages",
      "seat-transfer",
      "waivers",
    ]);
  });

  it("deliver every outbox kind, the core's and the features', and no other", () => {
    const deliveries = outboxDeliveries({
      db: test.db,
      mailer: createMailer({ smtpUrl: undefined, from: "rides@roadbook.test" }, createLogger("silent", false)),
      storage: createDiskStorage(uploads),
      push: { publicKey: "public", privateKey: "private", subject: "mailto:rides@roadbook.test" },
      now: () => new Date(),
    });
    expect(Object.keys(deliveries).sort()).toEqual(Object.keys(EVERY_KIND).sort());
  });

  it("refuse a kind two owners would deliver", () => {
    const deliver = () => undefined;
    expect(() => mergeDeliveries([{ "team-mail": deliver }, { "team-mail": deliver }])).toThrow(/team-mail/);
  });

  it("key each feature's slots once per place of a page, by the feature's name, and sign riders in once", () => {
    const names = features.map((feature) => feature.name);
    for (const slots of [bookingPageSlots, registerFormSlots]) {
      const keys = slots.map((slot) => `${slot.place} ${slot.feature}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(names).toEqual(expect.arrayContaining(slots.map((slot) => slot.feature)));
    }
    expect(features.filter((feature) => "signedIn" in feature)).toHaveLength(1);
  });

  it("give each of the booking page's forms and notices one owner (the page refuses to load otherwise)", async () => {
    await expect(import("~/routes/public/booking")).resolves.toHaveProperty("action");
  });
});
