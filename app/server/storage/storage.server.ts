import type { Readable } from "node:stream";

/** What is known about a stored object without reading it. */
export type StoredObjectInfo = {
  size: number;
  contentType: string;
  /** A validator for conditional requests, quoted as in an HTTP ETag header. */
  etag: string;
  lastModified: Date;
};

export type StoredObject = StoredObjectInfo & { body: Readable };

export type ListedObject = { key: string; size: number; lastModified: Date };

/**
 * Where uploaded files live: the local disk or an S3-compatible bucket, chosen once at
 * start-up (app/server/services.server.ts). Keys are relative, '/'-separated paths such as
 * "images/1763800000000_pass_4000x3000.jpg"; implementations refuse any other shape.
 */
export interface ObjectStorage {
  /** Writes the whole object; readers never see a half-written one. */
  put(key: string, body: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix. */
  list(prefix?: string): AsyncIterable<ListedObject>;
  close(): Promise<void>;
}

/** Thrown for a key that is not a plain relative path (empty segments, '..', backslashes, control characters). */
export class InvalidStorageKeyError extends Error {}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export function assertValidKey(key: string): void {
  const segments = key.split("/");
  if (key.length > 1024 || !segments.every((segment) => SEGMENT.test(segment) && segment !== "..")) {
    throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

export function assertValidPrefix(prefix: string): void {
  if (prefix !== "") assertValidKey(prefix.replace(/\/$/, ""));
}
