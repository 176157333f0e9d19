import { randomUUID } from "node:crypto";
import type { Stats } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  assertValidKey,
  assertValidPrefix,
  type ListedObject,
  type ObjectStorage,
  type StoredObjectInfo,
} from "./storage.server";

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".bmp": "image/bmp",
  ".tiff": "image/tiff",
};

/** Temporary files start with a dot, which no valid key segment does, so list() never sees them. */
const TEMPORARY_PREFIX = ".upload-";

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR");
}

/**
 * Objects as files under one directory (DATA_DIR/uploads by default). The content type is
 * derived from the extension: keys are made by the server, so the extension is trustworthy.
 */
export function createDiskStorage(root: string): ObjectStorage {
  const base = path.resolve(root);

  function fileOf(key: string): string {
    assertValidKey(key);
    return path.join(base, ...key.split("/"));
  }

  function describe(file: string, stats: Stats): StoredObjectInfo {
    return {
      size: stats.size,
      contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
      etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      lastModified: stats.mtime,
    };
  }

  async function info(file: string): Promise<StoredObjectInfo | null> {
    try {
      const stats = await stat(file);
      return stats.isFile() ? describe(file, stats) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function* walk(directory: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield full;
    }
  }

  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed over it, so a reader sees the old or the new file, never half of one.
      const temporary = path.join(path.dirname(file), `${TEMPORARY_PREFIX}${randomUUID()}`);
      try {
        await writeFile(temporary, body, { flag: "wx" });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // The metadata of the very file being streamed, even if it is replaced meanwhile.
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { ...describe(file, stats), body: handle.createReadStream() };
    },

    head: (key) => info(fileOf(key)),

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async *list(prefix = "") {
      assertValidPrefix(prefix);
      const directoryPart = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = path.join(base, ...directoryPart.split("/").filter(Boolean));
      for await (const file of walk(start)) {
        const key = path.relative(base, file).split(path.sep).join("/");
        if (!key.startsWith(prefix)) continue;
        const described = await info(file);
        if (described) yield { key, size: described.size, lastModified: described.lastModified } satisfies ListedObject;
      }
    },

    async close() {},
  };
}
