import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { servicesContext } from "~/context";
import { variantWidths } from "~/domain/image-urls";
import { RIDER_PHOTO_REFUSALS } from "~/features/ride-photos/domain/rider-photos";
import { loader as imageLoader } from "~/routes/resources/image";
import { attachDispatcher } from "~/server/commands/command.server";
import { notifyContentChanged } from "~/server/content-events.server";
import type { Database } from "~/server/db/schema.server";
import { readEnv } from "~/server/env.server";
import { saveUpload } from "~/server/images/images.server";
import { createMailer } from "~/server/mail/mailer.server";
import { removedImagesDelivery } from "~/server/outbox/deliveries.server";
import { createDispatcher } from "~/server/outbox/dispatcher.server";
import { register } from "~/server/registrations/register.server";
import { addRidePhotos, deleteRidePhoto, setRidePhotoStatus } from "~/features/ride-photos/server/admin-photos.server";
import { addRiderPhotosByToken, deleteRiderPhotoByToken } from "~/features/ride-photos/server/rider-photos.server";
import { eraseAccount } from "~/features/rider-accounts/server/account-erasure.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { createS3Storage } from "~/server/storage/s3-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { describeEachEngine } from "../support/databases";
import { siteRide } from "../support/fixtures";
import { twoToneJpeg } from "../support/image-fixtures";
import { ownForm, riderForm } from "../support/registration-fixtures";
import { startLocalS3 } from "../support/s3";

// A photo taken down is taken down (issue 34, item 17; docs/features/ride-photos.md): an admin's
// delete, a rider's own (even minutes after it was approved) and an account's erasure delete the
// image's stored files once the command commits, on either storage; what a browser or CDN was
// given of it could not be kept for a year.

/** Registration time: before the ride (2027-06-10 to 2027-06-18). */
const BOOKED = new Date("2027-05-01T06:00:00Z");
/** The day after the ride's last, in India. */
const AFTER = new Date("2027-06-19T02:00:00Z");
/** A minute later: well within the ten minutes a fresh upload was once spared. */
const MINUTE_LATER = new Date(AFTER.getTime() + 60_000);
const actor = { id: null, email: "editor@example.com" };

type Backend = { storage: ObjectStorage; close(): Promise<void> };

const backends: Record<string, () => Promise<Backend>> = {
  disk: async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "roadbook-removal-"));
    return { storage: createDiskStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  s3: async () => {
    const s3 = await startLocalS3();
    const storage = createS3Storage(s3.config);
    return {
      storage,
      close: async () => {
        await storage.close();
        await s3.close();
      },
    };
  },
};

for (const [name, open] of Object.entries(backends)) {
  describeEachEngine(`a removed photo's files [${name}]`, (getDb) => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await open();
    });
    afterAll(() => backend.close());

    /** The database, delivered after each command as the server's outbox would. */
    function services(): { db: Database; storage: ObjectStorage } {
      const db = getDb();
      const { storage } = backend;
      const deliveries = {
        "content-changed": ({ change }: { change: Parameters<typeof notifyContentChanged>[0] }) =>
          notifyContentChanged(change),
        "images-removed": removedImagesDelivery({ db, storage }),
      };
      attachDispatcher(db, createDispatcher({ db, deliveries }));
      return { db, storage };
    }

    async function storedOf(key: string): Promise<string[]> {
      const found: string[] = [];
      for await (const object of backend.storage.list()) if (object.key.includes(key)) found.push(object.key);
      return found.sort();
    }

    /** What a browser gets for each size of the image: status and caching. */
    async function served(db: Database, key: string, width: number) {
      const context = new RouterContextProvider();
      const env = readEnv({});
      const logger = pino({ level: "silent" });
      context.set(servicesContext, {
        db,
        storage: backend.storage,
        env,
        logger,
        mailer: createMailer(env.mail, logger),
      });
      const paths = [key, ...variantWidths(width).map((w) => `w${w}/${key}`)];
      return Promise.all(
        paths.map(async (splat) => {
          const answer = (await imageLoader({
            request: new Request(`http://localhost/images/${splat}`),
            params: { "*": splat },
            context,
          } as never)) as Response;
          await answer.body?.cancel();
          return `${answer.status} ${answer.headers.get("Cache-Control")}`;
        }),
      );
    }

    async function riderWithPhoto(db: Database, storage: ObjectStorage, riderId: string | null = null) {
      const ride = await siteRide(db, { seats: 5 });
      const result = await register(db, ride.id, await ownForm(db, riderId, riderForm(1, { name: "Asha Rao" })), {
        clientIp: "10.1.2.3",
        origin: "http://localhost",
        riderId,
        now: BOOKED,
      });
      if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
      const data = await twoToneJpeg(1200, 800);
      await addRiderPhotosByToken({ db, storage }, result.token, [{ name: "IMG_1.jpg", data }], AFTER);
      const photo = await db.selectFrom("ride_photos").selectAll().executeTakeFirstOrThrow();
      await setRidePhotoStatus(db, ride.id, photo.id, "approved", { actor });
      return { ride, token: result.token, photo, key: photo.image.replace("/images/", "") };
    }

    it("an admin's delete takes down every stored size of the photo, which then answers 404, never kept a year", async () => {
      const { db, storage } = services();
      const ride = await siteRide(db, { seats: 5 });
      const image = await saveUpload({ db, storage }, { data: await twoToneJpeg(2000, 1500), fileName: "plate.jpg" });
      const [photo] = await addRidePhotos(db, ride.id, [image.url], { actor });
      expect(await served(db, image.key, 2000)).toEqual(Array(5).fill("200 public, max-age=300"));

      await deleteRidePhoto(db, ride.id, photo!.id, { actor });

      expect(await storedOf(image.key)).toEqual([]);
      expect(await db.selectFrom("images").select("key").where("key", "=", image.key).execute()).toEqual([]);
      expect(await served(db, image.key, 2000)).toEqual(Array(5).fill("404 public, max-age=60"));
    });

    it("a rider's delete a minute after approval takes the photo's files down at once", async () => {
      const { db, storage } = services();
      const { token, photo, key } = await riderWithPhoto(db, storage);
      expect(await storedOf(key)).not.toEqual([]);

      await deleteRiderPhotoByToken(db, token, photo.id, MINUTE_LATER);

      expect(await storedOf(key)).toEqual([]);
      expect((await served(db, key, 1200)).every((answer) => answer.startsWith("404 "))).toBe(true);
    });

    it("another rider's photo is refused and its files stay", async () => {
      const { db, storage } = services();
      const { ride, photo, key } = await riderWithPhoto(db, storage);
      const other = await register(db, ride.id, riderForm(2, { name: "Ravi" }), {
        clientIp: "10.1.2.4",
        origin: "http://localhost",
        now: BOOKED,
      });
      if (!other.ok) throw new Error("refused");
      const before = await storedOf(key);

      await expect(deleteRiderPhotoByToken(db, other.token, photo.id, MINUTE_LATER)).rejects.toThrow(
        RIDER_PHOTO_REFUSALS.notYours,
      );

      expect(await storedOf(key)).toEqual(before);
      expect(await db.selectFrom("ride_photos").select("id").execute()).toEqual([{ id: photo.id }]);
    });

    it("an upload another record still shows keeps its files when one gallery drops it", async () => {
      const { db, storage } = services();
      const [first, second] = [await siteRide(db, { seats: 5 }), await siteRide(db, { seats: 5 })];
      const image = await saveUpload({ db, storage }, { data: await twoToneJpeg(800, 600), fileName: "both.jpg" });
      const [photo] = await addRidePhotos(db, first.id, [image.url], { actor });
      await addRidePhotos(db, second.id, [image.url], { actor });
      const before = await storedOf(image.key);

      await deleteRidePhoto(db, first.id, photo!.id, { actor });

      expect(await storedOf(image.key)).toEqual(before);
    });

    it("erasing an account takes its rider's approved photos' files down at once, as the booking link's erasure does", async () => {
      const { db, storage } = services();
      const rider = await findOrCreateRider(db, "asha@example.com", BOOKED);
      const { key } = await riderWithPhoto(db, storage, rider.id);

      expect(await eraseAccount(db, rider.id, { now: MINUTE_LATER })).toEqual({ cancelled: 0, erased: 1 });

      expect(await db.selectFrom("ride_photos").select("id").execute()).toEqual([]);
      expect(await storedOf(key)).toEqual([]);
    });
  });
}
