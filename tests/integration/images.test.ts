import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { servicesContext } from "~/context";
import type { User } from "~/domain/content";
import { adminContext } from "~/server/auth/admin-session.server";
import type { Database } from "~/server/db/schema.server";
import { readEnv } from "~/server/env.server";
import { createMailer } from "~/server/mail/mailer.server";
import { deleteImage, getImage, listImages, saveUpload } from "~/server/images/images.server";
import { UPLOAD_REJECTIONS } from "~/server/images/upload-errors.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { action as uploadAction } from "~/routes/admin/images";
import { loader as imageLoader } from "~/routes/resources/image";
import { describeEachEngine } from "../support/databases";
import { pngClaiming, sidewaysPhoneJpeg, twoToneJpeg } from "../support/image-fixtures";
import { rejection } from "../support/image-rejection";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const TIMESTAMP = NOW.getTime();

async function storedKeys(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

const ADMIN: User = {
  id: "admin-1",
  email: "admin@roadbook.test",
  displayName: "Admin",
  role: "owner",
  createdAt: NOW.toISOString(),
  lastLoginAt: null,
};

function routeContext(db: Database, storage: ObjectStorage, { admin = true } = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  const env = readEnv({});
  const logger = pino({ level: "silent" });
  context.set(servicesContext, { db, storage, env, logger, mailer: createMailer(env.mail, logger) });
  if (admin) context.set(adminContext, ADMIN);
  return context;
}

function uploadRequest(body: Uint8Array, query: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost/admin/images?${query}`, {
    method: "POST",
    body: new Uint8Array(body),
    headers: { "Content-Type": "image/jpeg", "Content-Length": String(body.byteLength), ...headers },
  });
}

describeEachEngine("image uploads", (getDb) => {
  let dir: string;
  let storage: ObjectStorage;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "roadbook-images-"));
    storage = createDiskStorage(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("stores the original, without its metadata, under images/{timestamp}_{filename}, its variants and its record", async () => {
    const photo = await twoToneJpeg(2000, 1500);
    const image = await saveUpload({ db: getDb(), storage }, { data: photo, fileName: "Spiti Sunset.JPG", now: NOW });
    const key = `${TIMESTAMP}_spiti-sunset_2000x1500.jpg`;
    expect(image).toMatchObject({
      key,
      url: `/images/${key}`,
      originalName: "Spiti Sunset.JPG",
      width: 2000,
      height: 1500,
      bytes: photo.length,
    });
    expect(image.variants).toEqual([480, 960, 1600, 2000]);
    expect(await storedKeys(storage)).toEqual([
      `images/${key}`,
      ...[1600, 2000, 480, 960].map((width) => `variants/w${width}/${key}.webp`),
    ]);
    const master = await buffer((await storage.get(`images/${key}`))!.body);
    const { format, width, height, exif } = await sharp(master).metadata();
    expect({ format, width, height, exif }).toEqual({ format: "jpeg", width: 2000, height: 1500, exif: undefined });
    expect(await getImage(getDb(), key)).toEqual(image);
  });

  it("stores featured-ride images under images/featured-rides/", async () => {
    const image = await saveUpload(
      { db: getDb(), storage },
      { data: await twoToneJpeg(100, 50), fileName: "banner.jpg", folder: "featured-rides", now: NOW },
    );
    expect(image.key).toBe(`featured-rides/${TIMESTAMP}_banner_100x50.jpg`);
    expect(await storage.head(`images/featured-rides/${TIMESTAMP}_banner_100x50.jpg`)).not.toBeNull();
  });

  it("records the upright size of a sideways phone photo", async () => {
    const image = await saveUpload(
      { db: getDb(), storage },
      { data: await sidewaysPhoneJpeg(300, 200), fileName: "phone.jpg", now: NOW },
    );
    expect([image.width, image.height, image.key]).toEqual([200, 300, `${TIMESTAMP}_phone_200x300.jpg`]);
  });

  it("gives two uploads of the same name in the same millisecond their own keys", async () => {
    const data = await twoToneJpeg(64, 64);
    const first = await saveUpload({ db: getDb(), storage }, { data, fileName: "same.jpg", now: NOW });
    const second = await saveUpload({ db: getDb(), storage }, { data, fileName: "same.jpg", now: NOW });
    expect(first.key).not.toBe(second.key);
    expect((await listImages(getDb())).length).toBe(2);
  });

  it("judges the type by content: a text file named .jpg is refused and nothing is written", async () => {
    const error = await rejection(
      saveUpload({ db: getDb(), storage }, { data: Buffer.from("not an image at all"), fileName: "photo.jpg" }),
    );
    expect([error.status, error.message]).toEqual([
      415,
      "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
    ]);
    expect(await storedKeys(storage)).toEqual([]);
    expect(await listImages(getDb())).toEqual([]);
  });

  it("refuses a file over 20 MB with the product's message, writing nothing", async () => {
    const photo = await twoToneJpeg(64, 64);
    const huge = Buffer.concat([photo, Buffer.alloc(21 * 1024 * 1024 - photo.length)]);
    const error = await rejection(saveUpload({ db: getDb(), storage }, { data: huge, fileName: "huge.jpg" }));
    expect([error.status, error.message]).toEqual([
      413,
      "File size too large. Please upload images smaller than 20MB. Your file is 21.00MB.",
    ]);
    expect(await storedKeys(storage)).toEqual([]);
  });

  it("refuses a decompression bomb, writing nothing", async () => {
    const error = await rejection(
      saveUpload({ db: getDb(), storage }, { data: pngClaiming(20_000, 20_000), fileName: "bomb.png" }),
    );
    expect([error.status, error.message]).toEqual([422, UPLOAD_REJECTIONS.dimensions(20_000, 20_000)]);
    expect(await storedKeys(storage)).toEqual([]);
    expect(await listImages(getDb())).toEqual([]);
  });

  it("removes what it wrote when storage fails halfway, and keeps no record", async () => {
    let puts = 0;
    const failing: ObjectStorage = {
      ...storage,
      put: async (key, body, options) => {
        puts += 1;
        if (puts === 3) throw new Error("disk full");
        await storage.put(key, body, options);
      },
    };
    await expect(
      saveUpload({ db: getDb(), storage: failing }, { data: await twoToneJpeg(1200, 800), fileName: "x.jpg" }),
    ).rejects.toThrow("disk full");
    expect(await storedKeys(storage)).toEqual([]);
    expect(await listImages(getDb())).toEqual([]);
  });

  it("deleteImage removes the original, the variants and the record", async () => {
    const image = await saveUpload(
      { db: getDb(), storage },
      { data: await twoToneJpeg(1000, 500), fileName: "gone.jpg", now: NOW },
    );
    await deleteImage({ db: getDb(), storage }, image);
    expect(await storedKeys(storage)).toEqual([]);
    expect(await getImage(getDb(), image.key)).toBeNull();
  });

  it("POST /admin/images answers 201 with the URL and size of the stored image", async () => {
    const photo = await twoToneJpeg(1200, 900);
    const response = await uploadAction({
      request: uploadRequest(photo, "name=Road%20Trip.jpg&folder=rides"),
      context: routeContext(getDb(), storage),
      params: {},
    } as never);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { url: string; width: number; height: number };
    expect(body).toMatchObject({ width: 1200, height: 900 });
    expect(body.url).toMatch(/^\/images\/\d{13}_road-trip_1200x900\.jpg$/);
  });

  it("POST /admin/images answers each refusal with its status and message, writing nothing", async () => {
    const context = routeContext(getDb(), storage);
    const send = async (body: Uint8Array, query = "name=a.jpg", headers: Record<string, string> = {}) => {
      const response = await uploadAction({
        request: uploadRequest(body, query, headers),
        context,
        params: {},
      } as never);
      return [response.status, ((await response.json()) as { error: string }).error];
    };
    expect(await send(Buffer.from("plain text"))).toEqual([
      415,
      "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
    ]);
    expect(await send(pngClaiming(31_000, 100))).toEqual([422, UPLOAD_REJECTIONS.dimensions(31_000, 100)]);
    expect(await send(await twoToneJpeg(10, 10), "name=a.jpg&folder=../../etc")).toEqual([
      400,
      UPLOAD_REJECTIONS.badFolder,
    ]);
    const tooLarge = await uploadAction({
      request: uploadRequest(new Uint8Array(10), "name=a.jpg", { "Content-Length": String(22 * 1024 * 1024) }),
      context,
      params: {},
    } as never);
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: string }).error).toBe(
      "File size too large. Please upload images smaller than 20MB. Your file is 22.00MB.",
    );
    expect(await storedKeys(storage)).toEqual([]);
  });

  it("POST /admin/images never runs without the admin the layout's middleware sets", async () => {
    const request = uploadRequest(await twoToneJpeg(10, 10), "name=a.jpg");
    await expect(
      uploadAction({ request, context: routeContext(getDb(), storage, { admin: false }), params: {} } as never),
    ).rejects.toThrow(/context/i);
    expect(await storedKeys(storage)).toEqual([]);
  });

  it("GET /images/… serves WebP variants cached five minutes (a photo may be taken down), with ETag and 304", async () => {
    const image = await saveUpload(
      { db: getDb(), storage },
      { data: await twoToneJpeg(2000, 1000), fileName: "served.jpg", now: NOW },
    );
    const context = routeContext(getDb(), storage, { admin: false });
    const get = (splat: string, headers: Record<string, string> = {}, method = "GET") =>
      imageLoader({
        request: new Request(`http://localhost/images/${splat}`, { method, headers }),
        params: { "*": splat },
        context,
      } as never);

    const variant = await get(`w960/${image.key}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("Content-Type")).toBe("image/webp");
    expect(variant.headers.get("Cache-Control")).toBe("public, max-age=300");
    const etag = variant.headers.get("ETag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = Buffer.from(await variant.arrayBuffer());
    expect(variant.headers.get("Content-Length")).toBe(String(body.length));
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 960, height: 480 });

    const rendition = Buffer.from(await (await get(image.key)).arrayBuffer());
    expect((await sharp(rendition).metadata()).width).toBe(1600);

    expect((await get(`w960/${image.key}`, { "If-None-Match": etag })).status).toBe(304);
    const head = await get(`w960/${image.key}`, {}, "HEAD");
    expect([head.status, head.headers.get("Content-Length"), head.body]).toEqual([200, String(body.length), null]);
  });

  it("GET /images/… answers 404 for unknown keys, widths that were not made, originals and path tricks", async () => {
    const image = await saveUpload(
      { db: getDb(), storage },
      { data: await twoToneJpeg(800, 600), fileName: "small.jpg", now: NOW },
    );
    const context = routeContext(getDb(), storage, { admin: false });
    for (const splat of [
      `${TIMESTAMP + 1}_missing_800x600.jpg`,
      `w1600/${image.key}`,
      `w961/${image.key}`,
      `original/${image.key}`,
      `../images/${image.key}`,
      `w480/../../${image.key}`,
      "..%2f..%2fetc%2fpasswd",
      "demo/ladakh.webp",
      "",
    ]) {
      const response = await imageLoader({
        request: new Request("http://localhost/images/x"),
        params: { "*": splat },
        context,
      } as never);
      expect([splat, response.status]).toEqual([splat, 404]);
    }
  });
});
