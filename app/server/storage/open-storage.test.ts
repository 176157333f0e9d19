import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "../env.server";
import { openStorage } from "./open-storage.server";

describe("storage configuration", () => {
  it("keeps uploads on the local disk under DATA_DIR when S3_BUCKET is unset or empty", () => {
    for (const source of [{}, { S3_BUCKET: "", S3_ENDPOINT: "" }]) {
      const env = readEnv({ DATA_DIR: "/srv/roadbook", ...source });
      expect(env.s3).toBeUndefined();
      expect(env.uploadsDir).toBe(path.resolve("/srv/roadbook", "uploads"));
      expect(openStorage(env).kind).toBe("disk");
    }
  });

  it("uses an S3-compatible bucket, path-style, when S3_BUCKET and S3_ENDPOINT are set", () => {
    const env = readEnv({
      S3_BUCKET: "roadbook",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(env.s3).toEqual({
      bucket: "roadbook",
      endpoint: "http://127.0.0.1:9000",
      region: "auto",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    expect(openStorage(env).kind).toBe("s3");
  });

  it("on AWS itself defaults to us-east-1, virtual-host addressing and the SDK's credential chain", () => {
    expect(readEnv({ S3_BUCKET: "roadbook" }).s3).toEqual({
      bucket: "roadbook",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(readEnv({ S3_BUCKET: "roadbook", S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(true);
  });

  it("fails at start-up, in words, on half-given credentials or an endpoint that is not a URL", () => {
    expect(() => readEnv({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" })).toThrow(ConfigurationError);
    expect(() => readEnv({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => readEnv({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
  });
});
