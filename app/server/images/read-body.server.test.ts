import { describe, expect, it } from "vitest";
import { readUploadBody } from "./read-body.server";
import { UPLOAD_REJECTIONS } from "./upload-errors.server";
import { rejection } from "../../../tests/support/image-rejection";

const MB = 1024 * 1024;

/** A request body of `chunks` chunks of `size` bytes that records how much was pulled and whether it was cancelled. */
function trackedBody(chunks: number, size: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) return controller.close();
      state.pulled += 1;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function post(body: ReadableStream<Uint8Array> | null, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/admin/images", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("readUploadBody", () => {
  it("returns the whole body when it is within the limit", async () => {
    const { stream } = trackedBody(4, 1000);
    expect((await readUploadBody(post(stream), 4000)).length).toBe(4000);
  });

  it("accepts a body of exactly 20 MB", async () => {
    const { stream } = trackedBody(20, MB);
    expect((await readUploadBody(post(stream))).length).toBe(20 * MB);
  });

  it("refuses a declared Content-Length over 20 MB without reading the body", async () => {
    const { stream, state } = trackedBody(21, MB);
    const error = await rejection(readUploadBody(post(stream, { "Content-Length": String(21 * MB) })));
    expect(error.status).toBe(413);
    expect(error.message).toBe("File size too large. Please upload images smaller than 20MB. Your file is 21.00MB.");
    // The stream may have buffered its first chunk, no more.
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a body without Content-Length as soon as it passes 20 MB", async () => {
    const { stream, state } = trackedBody(100, MB);
    const error = await rejection(readUploadBody(post(stream)));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(
      /^File size too large\. Please upload images smaller than 20MB\. Your file is 21\.00MB\.$/,
    );
    expect(state.pulled).toBeLessThanOrEqual(22);
    // Not cancelled: that would destroy the request's socket before the 413 goes out. The HTTP
    // shell drops the rest once the answer is sent (server/unread-bodies.test.ts).
    expect(state.cancelled).toBe(false);
  });

  it("refuses an empty body", async () => {
    expect((await rejection(readUploadBody(post(null)))).message).toBe(UPLOAD_REJECTIONS.empty);
    const { stream } = trackedBody(0, 0);
    expect((await rejection(readUploadBody(post(stream)))).status).toBe(400);
  });

  it("reports a connection that broke mid-upload as an incomplete upload", async () => {
    let sent = 0;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 2) controller.error(new Error("aborted"));
        else controller.enqueue(new Uint8Array(1000));
      },
    });
    const error = await rejection(readUploadBody(post(broken)));
    expect([error.status, error.message]).toEqual([400, UPLOAD_REJECTIONS.incomplete]);
  });
});
