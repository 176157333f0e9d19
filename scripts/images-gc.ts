/**
 * Lists uploaded images that no ride, hero slide, featured ride or config uses, and removes
 * them on request. Deleting a record never deletes its image (another record may share it),
 * so this is how unused uploads go away.
 *
 *   npm run images:gc              dry run: lists what would be removed
 *   npm run images:gc -- --delete  removes it
 *
 * Uploads younger than a day are kept: they may belong to a form not saved yet. Reads
 * DATABASE_URL / DATA_DIR / S3_* like the server.
 */
import { parseArgs } from "node:util";
import { openDatabaseFromEnv } from "../app/server/db/open-from-env.server";
import { readEnv } from "../app/server/env.server";
import { findUnusedImages, removeUnusedImages } from "../app/server/images/unused-images.server";
import { openStorage } from "../app/server/storage/open-storage.server";

const { values } = parseArgs({ options: { delete: { type: "boolean", default: false } } });

const env = readEnv();
const { db, location } = await openDatabaseFromEnv(env);
const { storage, kind } = openStorage(env);
try {
  const unused = await findUnusedImages({ db, storage });
  console.log(`Database: ${location}; uploads: ${kind === "s3" ? `S3 bucket ${env.s3?.bucket}` : "local disk"}`);
  for (const image of unused.images) {
    console.log(
      `unused  ${image.url}  (${image.originalName}, ${Math.ceil(image.bytes / 1024)} kB, uploaded ${image.createdAt})`,
    );
  }
  for (const objectKey of unused.strayObjects) console.log(`stray   ${objectKey}  (a file without an image record)`);
  const total = unused.images.length + unused.strayObjects.length;
  if (total === 0) console.log("Nothing to remove: every upload is in use or less than a day old.");
  else if (!values.delete)
    console.log(
      `\n${unused.images.length} unused image(s), ${unused.strayObjects.length} stray file(s). Run with --delete to remove them.`,
    );
  else {
    const removed = await removeUnusedImages({ db, storage }, unused);
    console.log(`\nRemoved ${removed.length} image(s) and ${unused.strayObjects.length} stray file(s).`);
  }
} finally {
  await Promise.all([db.destroy(), storage.close()]);
}
