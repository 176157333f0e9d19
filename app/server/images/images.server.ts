import { IMAGE_FORMAT_TYPES, SIGNATURE_BYTES, sniffImageFormat } from "~/domain/image-signature";
import { type ImageFolder, imageUrl } from "~/domain/image-urls";
import { validateImageFile } from "~/domain/upload";
import type { Selectable } from "kysely";
import type { Database, Executor, ImagesTable } from "../db/schema.server";
import type { ObjectStorage } from "../storage/storage.server";
import { imageKey, originalObjectKey, variantObjectKey } from "./keys.server";
import { processImage } from "./process.server";
import { ImageRejectedError } from "./upload-errors.server";
import { serverClock } from "../clock.server";

export type ImageRecord = {
  key: string;
  /** Where pages load it from: /images/{key}. */
  url: string;
  originalName: string;
  width: number;
  height: number;
  /** Widths of the stored WebP variants, ascending. */
  variants: number[];
  placeholder: string;
  bytes: number;
  createdAt: string;
};

type ImageRow = Selectable<ImagesTable>;

function toRecord(row: ImageRow): ImageRecord {
  return {
    key: row.key,
    url: imageUrl(row.key),
    originalName: row.original_name,
    width: Number(row.width),
    height: Number(row.height),
    variants: JSON.parse(row.variants) as number[],
    placeholder: row.placeholder,
    bytes: Number(row.bytes),
    createdAt: row.created_at,
  };
}

/** Original names are shown to admins only; a cap keeps a hostile header from filling the table. */
const MAX_ORIGINAL_NAME_LENGTH = 255;

export type UploadInput = {
  data: Buffer;
  /** The name the file had on the admin's device. */
  fileName: string;
  folder?: ImageFolder;
  now?: Date;
};

/**
 * Validates an upload by its content (product.md#images), makes its variants, and stores the original,
 * the variants and the record. Nothing is written unless the image is valid; if storing fails
 * halfway, what was written is removed again.
 */
export async function saveUpload(
  { db, storage }: { db: Database; storage: ObjectStorage },
  input: UploadInput,
): Promise<ImageRecord> {
  const format = sniffImageFormat(input.data.subarray(0, SIGNATURE_BYTES));
  const invalid = validateImageFile({
    type: format ? IMAGE_FORMAT_TYPES[format].mime : "",
    size: input.data.byteLength,
  });
  if (invalid) throw new ImageRejectedError(invalid, format ? 413 : 415);

  const processed = await processImage(input.data, format!);
  const now = input.now ?? serverClock();
  const key = await unusedKey(db, {
    timestamp: now.getTime(),
    fileName: input.fileName,
    extension: IMAGE_FORMAT_TYPES[format!].extension,
    width: processed.width,
    height: processed.height,
    folder: input.folder,
  });

  const written: string[] = [];
  try {
    const original = originalObjectKey(key);
    // Never the upload itself: it carries the camera's metadata, GPS position included.
    await storage.put(original, processed.master.data, { contentType: processed.master.mime });
    written.push(original);
    for (const variant of processed.variants) {
      const objectKey = variantObjectKey(key, variant.width);
      await storage.put(objectKey, variant.data, { contentType: "image/webp" });
      written.push(objectKey);
    }
    const row: ImageRow = {
      key,
      original_name: input.fileName.slice(0, MAX_ORIGINAL_NAME_LENGTH),
      width: processed.width,
      height: processed.height,
      variants: JSON.stringify(processed.variants.map((variant) => variant.width)),
      placeholder: processed.placeholder,
      bytes: input.data.byteLength,
      created_at: now.toISOString(),
    };
    await db.insertInto("images").values(row).execute();
    return toRecord(row);
  } catch (error) {
    await Promise.allSettled(written.map((objectKey) => storage.delete(objectKey)));
    throw error;
  }
}

/** Two uploads of the same name in the same millisecond get distinct keys. */
async function unusedKey(db: Executor, parts: Parameters<typeof imageKey>[0]): Promise<string> {
  for (let timestamp = parts.timestamp; ; timestamp += 1) {
    const key = imageKey({ ...parts, timestamp });
    if (!(await getImage(db, key))) return key;
  }
}

export async function getImage(db: Executor, key: string): Promise<ImageRecord | null> {
  const row = await db.selectFrom("images").selectAll().where("key", "=", key).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Every image record, newest first. */
export async function listImages(db: Executor): Promise<ImageRecord[]> {
  const rows = await db.selectFrom("images").selectAll().orderBy("created_at", "desc").orderBy("key").execute();
  return rows.map(toRecord);
}

/** Removes an image's files and record. Only the garbage collector calls this (records never delete their images). */
export async function deleteImage(
  { db, storage }: { db: Database; storage: ObjectStorage },
  record: ImageRecord,
): Promise<void> {
  for (const width of record.variants) await storage.delete(variantObjectKey(record.key, width));
  await storage.delete(originalObjectKey(record.key));
  await db.deleteFrom("images").where("key", "=", record.key).execute();
}
