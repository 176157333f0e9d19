import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContentChange } from "../content-events.server";
import {
  closeContentEventStreams,
  contentEventStream,
  openContentEventStreamCount,
} from "./content-event-stream.server";

function fakeChanges() {
  const listeners = new Set<(change: ContentChange) => void>();
  return {
    subscribe: (listener: (change: ContentChange) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (change: ContentChange) => listeners.forEach((listener) => listener(change)),
    count: () => listeners.size,
  };
}

async function readText(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value } = await reader.read();
  return new TextDecoder().decode(value);
}

afterEach(() => {
  closeContentEventStreams();
  vi.useRealTimers();
});

describe("contentEventStream", () => {
  it("answers as an uncompressed, uncached event stream", () => {
    const response = contentEventStream({ signal: new AbortController().signal, subscribe: fakeChanges().subscribe });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-transform");
  });

  it("sends a `content` event at once when a change came between the page's load and the stream", async () => {
    const changes = fakeChanges();
    const open = (since: string | null) =>
      contentEventStream({
        signal: new AbortController().signal,
        subscribe: changes.subscribe,
        since,
        version: () => "a1b2c3d4.7",
      }).body!.getReader();
    expect(await readText(open("a1b2c3d4.6"))).toBe("retry: 2000\n: connected\n\n");
    const behind = open("a1b2c3d4.6");
    await readText(behind);
    expect(await readText(behind)).toBe('event: content\ndata: {"missed":true}\n\n');

    // Up to date (or no version given): nothing until a change.
    for (const since of ["a1b2c3d4.7", null]) {
      const current = open(since);
      await readText(current);
      changes.emit({ collection: "rides", id: "r1", action: "updated" });
      expect(await readText(current)).toBe(
        'event: content\ndata: {"collection":"rides","id":"r1","action":"updated"}\n\n',
      );
    }
  });

  it("forwards each content change as a `content` event", async () => {
    const changes = fakeChanges();
    const reader = contentEventStream({
      signal: new AbortController().signal,
      subscribe: changes.subscribe,
    }).body!.getReader();
    expect(await readText(reader)).toBe("retry: 2000\n: connected\n\n");

    changes.emit({ collection: "rides", id: "r1", action: "updated" });

    expect(await readText(reader)).toBe(
      'event: content\ndata: {"collection":"rides","id":"r1","action":"updated"}\n\n',
    );
  });

  it("sends a keep-alive comment while nothing happens", async () => {
    vi.useFakeTimers();
    const reader = contentEventStream({
      signal: new AbortController().signal,
      subscribe: fakeChanges().subscribe,
      keepAliveMs: 25_000,
    }).body!.getReader();
    await readText(reader);

    vi.advanceTimersByTime(25_000);

    expect(await readText(reader)).toBe(": keep-alive\n\n");
  });

  it("ends and unsubscribes when the client disconnects", async () => {
    const changes = fakeChanges();
    const client = new AbortController();
    const reader = contentEventStream({ signal: client.signal, subscribe: changes.subscribe }).body!.getReader();
    await readText(reader);

    client.abort();

    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(changes.count()).toBe(0);
    expect(openContentEventStreamCount()).toBe(0);
  });

  it("ends every open stream on shutdown", async () => {
    const changes = fakeChanges();
    const readers = [1, 2].map(() =>
      contentEventStream({ signal: new AbortController().signal, subscribe: changes.subscribe }).body!.getReader(),
    );
    for (const reader of readers) await readText(reader);

    closeContentEventStreams();

    for (const reader of readers) expect((await reader.read()).done).toBe(true);
    expect(changes.count()).toBe(0);
  });
});
