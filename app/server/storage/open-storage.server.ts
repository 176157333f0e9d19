import type { Env } from "../env.server";
import { createDiskStorage } from "./disk-storage.server";
import { createS3Storage } from "./s3-storage.server";
import type { ObjectStorage } from "./storage.server";

/** The storage the environment asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function openStorage(env: Pick<Env, "uploadsDir" | "s3">): { storage: ObjectStorage; kind: "s3" | "disk" } {
  if (env.s3) return { storage: createS3Storage(env.s3), kind: "s3" };
  return { storage: createDiskStorage(env.uploadsDir), kind: "disk" };
}
