import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { getImage, saveUpload } from "~/server/images/images.server";
import { findUnusedImages, referencedImageKeys, removeUnusedImages } from "~/server/images/unused-images.server";
import { saveFeaturedRide } from "~/server/content/featured.server";
import { createRide, deleteRide } from "~/server/rides/rides.server";
import { createSlide, deleteSlide } from "~/server/content/slides.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { describeEachEngine } from "../support/databases";
import { twoToneJpeg } from "../support/image-fixtures";

const UPLOADED_AT = new Date("2026-11-20T09:00:00.000Z");
const NOW = new Date("2026-11-22T12:00:00.000Z");

const ride = (image: string) => ({
  title: "Spiti Circuit",
  startDate: "2026-12-01",
  endDate: "2026-12-05",
  distance: "900 km",
  description: "High desert loop",
  image,
});
const slide = (background: string) => ({ title: "T", subtitle: "S", tagline: "L", cta: "Go", background });

describeEachEngine("unused images", (getDb) => {
  let dir: string;
  let storage: ObjectStorage;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "roadbook-gc-"));
    storage = createDiskStorage(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const upload = async (
    fileName: string,
    { folder, now = UPLOADED_AT }: { folder?: "featured-rides"; now?: Date } = {},
  ) => saveUpload({ db: getDb(), storage }, { data: await twoToneJpeg(1000, 600), fileName, folder, now });

  it("finds references in rides, slides and the featured ride, as default or variant URLs, relative or absolute", async () => {
    const [a, b, c, d] = [
      await upload("a.jpg"),
      await upload("b.jpg"),
      await upload("c.jpg", { folder: "featured-rides" }),
      await upload("d.jpg"),
    ];
    await createRide(getDb(), ride(a.url));
    await createSlide(getDb(), slide(`https://rides.example.org/images/w960/${b.key}`));
    await saveFeaturedRide(getDb(), { title: "Banner", subtitle: "Ride", description: "Text", image: c.url });
    expect([...(await referencedImageKeys(getDb()))].sort()).toEqual([a.key, b.key, c.key].sort());
    expect((await findUnusedImages({ db: getDb(), storage }, { now: NOW })).images.map((image) => image.key)).toEqual([
      d.key,
    ]);
  });

  it("deleting a ride or slide never deletes its image, which another record may still use", async () => {
    const shared = await upload("shared.jpg");
    const first = await createRide(getDb(), ride(shared.url));
    await createRide(getDb(), ride(shared.url));
    const heroSlide = await createSlide(getDb(), slide(shared.url));
    await deleteRide(getDb(), first.id);
    await deleteSlide(getDb(), heroSlide.id);
    expect(await getImage(getDb(), shared.key)).not.toBeNull();
    expect(await storage.head(`images/${shared.key}`)).not.toBeNull();
    expect((await findUnusedImages({ db: getDb(), storage }, { now: NOW })).images).toEqual([]);
  });

  it("keeps uploads younger than a day: they may belong to a form not saved yet", async () => {
    await upload("fresh.jpg", { now: new Date(NOW.getTime() - 60 * 60 * 1000) });
    expect((await findUnusedImages({ db: getDb(), storage }, { now: NOW })).images).toEqual([]);
  });

  it("removes unused images with all their files, and stray files without a record", async () => {
    const used = await upload("used.jpg");
    const unused = await upload("unused.jpg");
    await createRide(getDb(), ride(used.url));
    await storage.put("images/1700000000000_stray_10x10.jpg", Buffer.from("left by a failed upload"), {
      contentType: "image/jpeg",
    });

    const found = await findUnusedImages(
      { db: getDb(), storage },
      { now: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000) },
    );
    expect(found.images.map((image) => image.key)).toEqual([unused.key]);
    expect(found.strayObjects).toEqual(["images/1700000000000_stray_10x10.jpg"]);

    expect(await removeUnusedImages({ db: getDb(), storage }, found)).toEqual([unused.key]);
    expect(await getImage(getDb(), unused.key)).toBeNull();
    const remaining: string[] = [];
    for await (const object of storage.list()) remaining.push(object.key);
    expect(remaining.every((key) => key.includes(used.key))).toBe(true);
    expect(remaining.length).toBe(1 + used.variants.length);
  });

  it("does not remove an image a record started to use after the scan", async () => {
    const image = await upload("late.jpg");
    const found = await findUnusedImages({ db: getDb(), storage }, { now: NOW });
    await createSlide(getDb(), slide(image.url));
    expect(await removeUnusedImages({ db: getDb(), storage }, found)).toEqual([]);
    expect(await getImage(getDb(), image.key)).not.toBeNull();
  });
});
