import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertValidKey, assertValidPrefix, type ObjectStorage, type StoredObjectInfo } from "./storage.server";

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the URL of any other S3-compatible service (MinIO, R2, Ceph, s3rver…). */
  endpoint?: string;
  /** Unset to use the SDK's default credential chain (instance role, ~/.aws, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
};

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

/** The answer to a request about one object, or null when the bucket has no such object. */
async function unlessNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * An object's metadata as GetObject and HeadObject report it. S3-compatible services do not all
 * send every header, so each has a fallback (the key stands in for a missing ETag).
 */
function objectInfo(
  key: string,
  result: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date },
): StoredObjectInfo {
  return {
    size: result.ContentLength ?? 0,
    contentType: result.ContentType ?? "application/octet-stream",
    etag: result.ETag ?? `"${key}"`,
    lastModified: result.LastModified ?? new Date(0),
  };
}

/** Objects in one S3 bucket. */
export function createS3Storage(config: S3StorageConfig): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 demands them: many S3-compatible services reject the
    // streaming-checksum encoding the SDK otherwise sends by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    async put(key, body, { contentType }) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
    },

    async get(key) {
      assertValidKey(key);
      const result = await unlessNotFound(client.send(new GetObjectCommand({ Bucket, Key: key })));
      if (!result) return null;
      if (!(result.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return { body: result.Body, ...objectInfo(key, result) };
    },

    async head(key) {
      assertValidKey(key);
      const result = await unlessNotFound(client.send(new HeadObjectCommand({ Bucket, Key: key })));
      return result && objectInfo(key, result);
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix = "") {
      assertValidPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async close() {
      client.destroy();
    },
  };
}
