import { describe, expect, it } from "vitest";
import { GPX_MESSAGES, GpxRejectedError, MAX_GPX_ELEMENTS } from "~/domain/ride-route/gpx-guard";
import { GPX_WORKER_LIMITS, WORKER_MESSAGES, parseGpxOffThread } from "./gpx-worker.server";

// A file the pre-screen lets through (elements few enough, shallow) that is still costly to
// parse: the worker's limits end it with a message. The limits are passed in, small, so the
// test asserts the refusal, never a duration.
const costly = new TextEncoder().encode(`<gpx version="1.1">${"<a/>".repeat(MAX_GPX_ELEMENTS - 1)}</gpx>`);

describe("the GPX worker's limits", () => {
  it("a file that takes longer than the time limit is refused with a message", async () => {
    const refusal = parseGpxOffThread(costly, { ...GPX_WORKER_LIMITS, timeoutMs: 1 });
    await expect(refusal).rejects.toBeInstanceOf(GpxRejectedError);
    await expect(refusal).rejects.toMatchObject({ message: WORKER_MESSAGES.tooSlow });
  });

  it("a file that needs more than the heap limit is refused with a message", async () => {
    const refusal = parseGpxOffThread(costly, { heapMb: 8, timeoutMs: 10 * 60_000 });
    await expect(refusal).rejects.toMatchObject({ message: WORKER_MESSAGES.tooComplex });
  });

  it("a good file is read within the limits", async () => {
    const good = `<gpx version="1.1"><trk><trkseg><trkpt lat="12" lon="77"/><trkpt lat="12.1" lon="77"/></trkseg></trk></gpx>`;
    const parsed = await parseGpxOffThread(new TextEncoder().encode(good));
    expect(parsed.lines).toHaveLength(1);
  });

  it("a hostile file is refused before the worker starts", async () => {
    const empty = new TextEncoder().encode(`<gpx version="1.1">${"<a/>".repeat(2_500_000)}</gpx>`);
    await expect(parseGpxOffThread(empty, { heapMb: 8, timeoutMs: 1 })).rejects.toMatchObject({
      message: GPX_MESSAGES.tooManyElements,
    });
  });
});
