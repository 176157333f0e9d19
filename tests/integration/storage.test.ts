import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { createS3Storage } from "~/server/storage/s3-storage.server";
import { InvalidStorageKeyError, type ObjectStorage } from "~/server/storage/storage.server";
import { startLocalS3 } from "../support/s3";

type Backend = { storage: ObjectStorage; close(): Promise<void> };

const backends: Record<string, () => Promise<Backend>> = {
  disk: async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "roadbook-storage-"));
    const storage = createDiskStorage(dir);
    return { storage, close: async () => rmSync(dir, { recursive: true, force: true }) };
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

async function listKeys(storage: ObjectStorage, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys;
}

for (const [name, open] of Object.entries(backends)) {
  describe(`object storage [${name}]`, () => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await open();
    });
    afterAll(async () => {
      await backend.close();
    });

    it("stores an object and reads it back as a stream with its size and content type", async () => {
      const { storage } = backend;
      await storage.put("images/1_a_2x1.jpg", Buffer.from("jpeg bytes"), { contentType: "image/jpeg" });
      const object = await storage.get("images/1_a_2x1.jpg");
      expect(object).not.toBeNull();
      expect(await text(object!.body)).toBe("jpeg bytes");
      expect(object!.size).toBe(10);
      expect(object!.contentType).toBe("image/jpeg");
      expect(object!.etag).toMatch(/^"[^"]+"$/);
    });

    it("describes an object without reading it, and returns null for a missing one", async () => {
      const { storage } = backend;
      await storage.put("variants/w480/1_b_2x1.jpg.webp", Buffer.from("webp"), { contentType: "image/webp" });
      expect(await storage.head("variants/w480/1_b_2x1.jpg.webp")).toMatchObject({
        size: 4,
        contentType: "image/webp",
      });
      expect(await storage.head("variants/w480/missing.webp")).toBeNull();
      expect(await storage.get("variants/w480/missing.webp")).toBeNull();
    });

    it("replaces an object written again under the same key", async () => {
      const { storage } = backend;
      await storage.put("images/1_c_2x1.png", Buffer.from("first"), { contentType: "image/png" });
      await storage.put("images/1_c_2x1.png", Buffer.from("second, longer"), { contentType: "image/png" });
      expect(await text((await storage.get("images/1_c_2x1.png"))!.body)).toBe("second, longer");
    });

    it("lists objects by prefix, including nested folders", async () => {
      const { storage } = backend;
      await storage.put("list/a/1.jpg", Buffer.from("1"), { contentType: "image/jpeg" });
      await storage.put("list/a/deeper/2.jpg", Buffer.from("22"), { contentType: "image/jpeg" });
      await storage.put("list/b/3.jpg", Buffer.from("333"), { contentType: "image/jpeg" });
      expect(await listKeys(storage, "list/a/")).toEqual(["list/a/1.jpg", "list/a/deeper/2.jpg"]);
      expect((await listKeys(storage, "list/")).sort()).toEqual([
        "list/a/1.jpg",
        "list/a/deeper/2.jpg",
        "list/b/3.jpg",
      ]);
      const listed = [];
      for await (const object of storage.list("list/b")) listed.push(object);
      expect(listed).toMatchObject([{ key: "list/b/3.jpg", size: 3 }]);
    });

    it("deletes an object, and deleting a missing one is not an error", async () => {
      const { storage } = backend;
      await storage.put("images/1_d_2x1.gif", Buffer.from("gif"), { contentType: "image/gif" });
      await storage.delete("images/1_d_2x1.gif");
      expect(await storage.head("images/1_d_2x1.gif")).toBeNull();
      await expect(storage.delete("images/1_d_2x1.gif")).resolves.toBeUndefined();
    });

    it("refuses keys that could escape the storage root", async () => {
      const { storage } = backend;
      for (const key of [
        "../outside.jpg",
        "images/../../etc/passwd",
        "/absolute.jpg",
        "images//double.jpg",
        "images\\windows.jpg",
        "images/.hidden",
        "",
      ]) {
        await expect(storage.put(key, Buffer.from("x"), { contentType: "image/jpeg" })).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
    });
  });
}

describe("disk storage", () => {
  it("leaves no temporary file behind and keeps objects inside its root", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "roadbook-storage-"));
    try {
      const storage = createDiskStorage(path.join(dir, "uploads"));
      await storage.put("images/1_e_2x1.jpg", Buffer.from("x"), { contentType: "image/jpeg" });
      expect(await readdir(dir)).toEqual(["uploads"]);
      expect(await readdir(path.join(dir, "uploads", "images"))).toEqual(["1_e_2x1.jpg"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
