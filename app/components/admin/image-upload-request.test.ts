import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_TIMEOUT_MS } from "~/domain/constants";
import { rejectionOf } from "../../../tests/support/rejection";
import { checkImageFile, UploadFailure, uploadImage } from "./image-upload-request";

const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];

describe("checkImageFile", () => {
  it("accepts an image by its content, whatever its name or declared type", async () => {
    expect(
      await checkImageFile(new File([new Uint8Array(JPEG_START)], "photo.jpg", { type: "image/jpeg" })),
    ).toBeNull();
    expect(await checkImageFile(new File([new Uint8Array(JPEG_START)], "photo.dat", { type: "" }))).toBeNull();
  });

  it("refuses a document renamed to .jpg with the product's type message", async () => {
    const renamed = new File(["%PDF-1.7 not a photo"], "photo.jpg", { type: "image/jpeg" });
    expect(await checkImageFile(renamed)).toBe(
      "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
    );
  });

  it("refuses a file over 20 MB with the product's size message", async () => {
    const big = new Blob([new Uint8Array(JPEG_START), new Uint8Array(21 * 1024 * 1024 - JPEG_START.length)]);
    expect(await checkImageFile(big)).toBe(
      "File size too large. Please upload images smaller than 20MB. Your file is 21.00MB.",
    );
  });
});

/** Just enough of XMLHttpRequest for uploadImage, driven by the test. */
class FakeXhr extends EventTarget {
  static last: FakeXhr;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = "";
  url = "";
  body: unknown;
  status = 0;
  responseText = "";
  responseURL = "";
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown, responseURL = "http://localhost/admin/images?name=a.jpg") {
    this.upload.dispatchEvent(new Event("load"));
    Object.assign(this, { status, responseText: typeof body === "string" ? body : JSON.stringify(body), responseURL });
    this.dispatchEvent(new Event("load"));
  }
  fail() {
    this.dispatchEvent(new Event("error"));
  }
}

const failureOf = (upload: Promise<unknown>) => rejectionOf(upload, UploadFailure);

describe("uploadImage", () => {
  const file = new File([new Uint8Array(JPEG_START)], "Spiti Pass.jpg", { type: "image/jpeg" });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("posts the file as the body with its name and folder, reports progress and resolves with the image", async () => {
    const progress: number[] = [];
    const upload = uploadImage(file, { folder: "featured-rides", onProgress: (fraction) => progress.push(fraction) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body, xhr.headers["Content-Type"]]).toEqual([
      "POST",
      "/admin/images?name=Spiti+Pass.jpg&folder=featured-rides",
      file,
      "image/jpeg",
    ]);
    xhr.progress(5, 10);
    xhr.progress(10, 10);
    xhr.respond(201, { url: "/images/1_spiti-pass_10x10.jpg", width: 10, height: 10 });
    await expect(upload).resolves.toEqual({ url: "/images/1_spiti-pass_10x10.jpg", width: 10, height: 10 });
    expect(progress).toEqual([0.5, 1]);
  });

  it("times out after 30 s without any sign of progress", async () => {
    const upload = uploadImage(file);
    vi.advanceTimersByTime(UPLOAD_TIMEOUT_MS - 1);
    expect(FakeXhr.last.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect((await failureOf(upload)).code).toBe("timeout");
    expect(FakeXhr.last.aborted).toBe(true);
  });

  it("lets a slow upload that keeps making progress run past 30 s", async () => {
    const upload = uploadImage(file);
    const xhr = FakeXhr.last;
    for (let step = 1; step <= 10; step += 1) {
      vi.advanceTimersByTime(20_000);
      xhr.progress(step, 10);
    }
    xhr.respond(201, { url: "/images/1_slow_10x10.jpg", width: 10, height: 10 });
    await expect(upload).resolves.toMatchObject({ url: "/images/1_slow_10x10.jpg" });
    expect(xhr.aborted).toBe(false);
  });

  it("times out when the server does not answer within 30 s of receiving the file", async () => {
    const upload = uploadImage(file);
    FakeXhr.last.progress(10, 10);
    FakeXhr.last.upload.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(UPLOAD_TIMEOUT_MS);
    expect((await failureOf(upload)).code).toBe("timeout");
  });

  it("is cancelled through its signal, and then never times out", async () => {
    const controller = new AbortController();
    const upload = uploadImage(file, { signal: controller.signal });
    controller.abort();
    expect((await failureOf(upload)).code).toBe("canceled");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("maps a network failure to 'unknown'", async () => {
    const upload = uploadImage(file);
    FakeXhr.last.fail();
    expect((await failureOf(upload)).code).toBe("unknown");
  });

  it("maps a refused or redirected-to-sign-in request to 'unauthorized'", async () => {
    for (const status of [401, 403]) {
      const upload = uploadImage(file);
      FakeXhr.last.respond(status, "<html>login</html>");
      expect((await failureOf(upload)).code).toBe("unauthorized");
    }
    const redirected = uploadImage(file);
    FakeXhr.last.respond(200, "<html>login</html>", "http://localhost/admin/login");
    expect((await failureOf(redirected)).code).toBe("unauthorized");
  });

  it("passes the server's refusal on with its message", async () => {
    const upload = uploadImage(file);
    FakeXhr.last.respond(422, { error: "Image dimensions too large" });
    expect(await failureOf(upload)).toMatchObject({ code: "rejected", message: "Image dimensions too large" });
  });
});
