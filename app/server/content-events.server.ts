import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";

/** The stored collections (product.md#content-model) whose changes visitors and admins may need to see. */
export type ContentCollection = "rides" | "heroSlides" | "featuredRide" | "config" | "stats";

export type ContentAction = "created" | "updated" | "deleted" | "reordered" | "replaced";

export type ContentChange = {
  collection: ContentCollection;
  /** The record that changed; null when many records of the collection changed at once. */
  id: string | null;
  action: ContentAction;
};

export type ContentListener = (change: ContentChange) => void;

/**
 * In-process fan-out of committed content changes (render caches, admin live updates).
 * Services notify only after their transaction commits, so a listener never sees a change
 * that was rolled back. On PostgreSQL, content-events-pg.server.ts carries them to the other instances.
 */
const emitter = new EventEmitter<{ change: [ContentChange] }>();
// Every open admin page or SSE stream is one listener; there is no fixed sensible cap.
emitter.setMaxListeners(0);

/** This process's count of changes heard, named by the process: a page compares it when its live stream opens. */
const process = randomUUID().slice(0, 8);
let changesHeard = 0;

export function notifyContentChanged(change: ContentChange): void {
  changesHeard += 1;
  emitter.emit("change", change);
}

/**
 * Where this instance's changes stand: an admin page's data is loaded after reading it, and its
 * live stream (content-event-stream.server.ts) says at once when a change came between the two,
 * or the stream opened on another instance.
 */
export function contentVersion(): string {
  return `${process}.${changesHeard}`;
}

/** Subscribes to committed changes; returns the unsubscribe function. */
export function onContentChanged(listener: ContentListener): () => void {
  // The write has already committed: a failing listener must not turn it into an error
  // for the admin who made it, nor stop the other listeners.
  const guarded: ContentListener = (change) => {
    try {
      listener(change);
    } catch (error) {
      console.error("content change listener failed", error);
    }
  };
  emitter.on("change", guarded);
  return () => emitter.off("change", guarded);
}
