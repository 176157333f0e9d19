import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "~/server/storage/s3-storage.server";

export type LocalS3 = { config: S3StorageConfig; close(): Promise<void> };

/** A real S3 API (s3rver) on 127.0.0.1 with a bucket in a temporary directory. */
export async function startLocalS3(bucket = "roadbook-test"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "roadbook-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { address, port } = await server.run();
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://${address}:${port}`,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
