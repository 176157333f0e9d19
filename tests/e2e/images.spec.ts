// Image uploads through the admin (product.md#images, #upload-errors): progress and messages in the upload field,
// the server's own checks, and the uploaded photo on the public site as responsive WebP.
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { Page, Route } from "@playwright/test";
import sharp from "sharp";
import { UPLOAD_TIMEOUT_MS } from "~/domain/constants";
import { dataPaths } from "~/server/env.server";
import { pngClaiming, twoToneJpeg } from "../support/image-fixtures";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/admin-fixtures.ts";
import { expectNoA11yViolations } from "./support/fixtures.ts";

const UPLOAD_URL = "**/admin/images?*";
const FIELD_LABEL = "Background image";

/** A photo of a few MB: noise does not compress, so the upload takes a while on a slow link. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function openSlideForm(page: Page): Promise<void> {
  await page.goto("/admin/hero?new");
  await expect(page.getByRole("heading", { name: "Add New Slide" })).toBeVisible();
}

function fileInput(page: Page) {
  return page.getByLabel(`Upload a photo for ${FIELD_LABEL}`);
}

/** The upload field's own status line (the page's status messages sit elsewhere). */
function fieldStatus(page: Page) {
  return page.locator("form output");
}

/** Every file name under the server's upload directory. */
function storedFiles(): string[] {
  const { uploadsDir: uploads } = dataPaths(process.env.ROADBOOK_E2E_DATA_DIR ?? "");
  try {
    return readdirSync(uploads, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
}

test.describe("image upload in the admin", () => {
  test("uploads a photo with a progress bar and the success message, then the home page serves it as responsive WebP", async ({
    adminPage: page,
    request,
  }) => {
    // A real upload on a throttled link, a save and a visit to the home page.
    const name = `pass-${randomUUID().slice(0, 8)}`;
    await openSlideForm(page);
    const form = page.getByRole("form", { name: "Add New Slide" });
    await form.getByRole("textbox", { name: "Title", exact: true }).fill(`Slide ${name}`);
    await form.getByRole("textbox", { name: "Subtitle" }).fill("Over the high passes");
    await form.getByRole("textbox", { name: "Tagline" }).fill("Ten days above 4000 m");
    await form.getByRole("textbox", { name: "Button text" }).fill("Ride with us");

    // A slow mobile uplink, so the progress bar has something to show.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    const photo = await noisyJpeg(1400, 1000);
    await fileInput(page).setInputFiles({ name: `${name}.JPG`, mimeType: "image/jpeg", buffer: photo });

    await expect(fieldStatus(page)).toHaveText("Uploading image...");
    const progress = page.getByRole("progressbar", { name: `Upload progress for ${FIELD_LABEL}` });
    await expect(progress).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute("value"))).toBeGreaterThan(0);
    await expect(fieldStatus(page)).toHaveText("Image uploaded successfully!");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const url = await page.locator('input[type="hidden"][name="background"]').inputValue();
    expect(url).toMatch(new RegExp(`^/images/\\d{13}_${name}_1400x1000\\.jpg$`));
    await expect(form.getByRole("textbox", { name: FIELD_LABEL, exact: true })).toHaveValue(url);
    await expect(page.getByRole("img", { name: `Current ${FIELD_LABEL}` })).toHaveAttribute(
      "src",
      `/images/w1400/${url.slice("/images/".length)}`,
    );
    await expectNoA11yViolations(page, { include: ["form"] });

    await page.getByRole("button", { name: "Add Slide" }).click();
    await expect(page.getByText("Slide added successfully!")).toBeVisible();

    await page.goto("/");
    // A slide's photo loads when the slide comes: the new slide is the last.
    await waitForHydration(page);
    await page
      .getByRole("button", { name: /^Go to slide/ })
      .last()
      .click();
    const key = url.slice("/images/".length);
    const slideImage = page.locator(`img[srcset*="${key}"]`);
    await expect(slideImage).toHaveCount(1);
    const srcset = await slideImage.getAttribute("srcset");
    expect(srcset).toBe([480, 960, 1400].map((width) => `/images/w${width}/${key} ${width}w`).join(", "));
    await expect(slideImage).toHaveAttribute("sizes", "100vw");
    await expect(slideImage).toHaveAttribute("width", /\d+/);
    await expect(slideImage).toHaveAttribute("height", /\d+/);

    const variant = await request.get(`/images/w960/${key}`);
    expect(variant.status()).toBe(200);
    expect(variant.headers()["content-type"]).toBe("image/webp");
    expect(variant.headers()["cache-control"]).toBe("public, max-age=300");
    expect((await sharp(await variant.body()).metadata()).width).toBe(960);
  });

  test("a photo dropped on the field is uploaded", async ({ adminPage: page }) => {
    await openSlideForm(page);
    const photo = await twoToneJpeg(900, 600);
    const dataTransfer = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], "dropped.jpg", { type: "image/jpeg" }));
        return transfer;
      },
      [...photo],
    );
    const dropZone = page.getByText("or drop one here").locator("..");
    await dropZone.dispatchEvent("dragover", { dataTransfer });
    await dropZone.dispatchEvent("drop", { dataTransfer });
    await expect(fieldStatus(page)).toHaveText("Image uploaded successfully!");
    await expect(page.locator('input[type="hidden"][name="background"]')).toHaveValue(
      /^\/images\/\d{13}_dropped_900x600\.jpg$/,
    );
  });

  test("the file picker opens from the keyboard", async ({ adminPage: page }) => {
    await openSlideForm(page);
    await page.getByRole("textbox", { name: FIELD_LABEL, exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(fileInput(page)).toBeFocused();
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Space");
    await (
      await chooser
    ).setFiles({ name: "keyboard.jpg", mimeType: "image/jpeg", buffer: await twoToneJpeg(500, 300) });
    await expect(fieldStatus(page)).toHaveText("Image uploaded successfully!");
  });

  test("a file that is not an image is refused at once, even named .jpg", async ({ adminPage: page }) => {
    await openSlideForm(page);
    await fileInput(page).setInputFiles({
      name: "holiday.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("%PDF-1.7 itinerary, not a photo"),
    });
    await expect(fieldStatus(page)).toHaveText(
      "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
    );
  });

  test("a file over 20 MB is refused at once with its size, without sending it", async ({ adminPage: page }) => {
    await openSlideForm(page);
    const photo = await twoToneJpeg(64, 64);
    const huge = Buffer.concat([photo, Buffer.alloc(21 * 1024 * 1024 - photo.length)]);
    let sent = false;
    await page.route(UPLOAD_URL, async (route) => {
      sent = true;
      await route.continue();
    });
    // From a file on disk: the browser reads it directly rather than receiving 21 MB over the protocol.
    const file = test.info().outputPath("huge.jpg");
    await writeFile(file, huge);
    await fileInput(page).setInputFiles(file);
    await expect(fieldStatus(page)).toHaveText(
      "File size too large. Please upload images smaller than 20MB. Your file is 21.00MB.",
    );
    expect(sent).toBe(false);
  });

  test.describe("the server's refusals", () => {
    test.use({ allowedConsoleErrors: [/status of (413|415|422)/] });

    test("an image of absurd dimensions (a decompression bomb) is refused by the server with a clear message", async ({
      adminPage: page,
    }) => {
      await openSlideForm(page);
      await fileInput(page).setInputFiles({
        name: "bomb.png",
        mimeType: "image/png",
        buffer: pngClaiming(40_000, 40_000),
      });
      await expect(fieldStatus(page)).toHaveText(
        "Failed to upload image: Image dimensions too large (40000 × 40000 pixels). Please upload an image of at most 100 megapixels and 30000 pixels on each side.",
      );
    });

    test("the server checks type and size itself, whatever the browser says", async ({ adminPage: page }) => {
      const post = (name: string, body: Buffer, type = "image/jpeg") =>
        page.request.post(`/admin/images?name=${name}`, { data: body, headers: { "Content-Type": type } });
      const wrongType = await post("notes.jpg", Buffer.from("just some text"));
      expect(wrongType.status()).toBe(415);
      expect(await wrongType.json()).toEqual({
        error: "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
      });
      const photo = await twoToneJpeg(64, 64);
      const tooLarge = await post("big.jpg", Buffer.concat([photo, Buffer.alloc(21 * 1024 * 1024)]));
      expect(tooLarge.status()).toBe(413);
      expect((await tooLarge.json()).error).toMatch(
        /^File size too large\. Please upload images smaller than 20MB\. Your file is 21\.\d\dMB\.$/,
      );
    });
  });

  test("an anonymous upload is refused and nothing is stored", async ({ request }) => {
    const name = `anonymous-${randomUUID().slice(0, 8)}`;
    const response = await request.post(`/admin/images?name=${name}.jpg`, {
      data: await twoToneJpeg(200, 100),
      headers: { "Content-Type": "image/jpeg" },
    });
    expect(response.status()).toBe(401);
    expect(storedFiles().filter((file) => file.includes(name))).toEqual([]);
  });
});

test.describe("upload failures in the field", () => {
  /** Holds every upload request until the test ends (a server that never answers). */
  async function holdUploads(page: Page): Promise<Route[]> {
    const held: Route[] = [];
    await page.route(UPLOAD_URL, (route) => {
      held.push(route);
    });
    return held;
  }

  test("an upload that takes longer than 30 s times out with the product's message", async ({ adminPage: page }) => {
    await page.clock.install();
    await openSlideForm(page);
    const held = await holdUploads(page);
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 1000);
    await fileInput(page).setInputFiles({
      name: "slow.jpg",
      mimeType: "image/jpeg",
      buffer: await twoToneJpeg(300, 200),
    });
    await expect(fieldStatus(page)).toHaveText("Uploading image...");
    await expect.poll(() => held.length).toBe(1);
    await page.clock.runFor(UPLOAD_TIMEOUT_MS - 1000);
    await expect(fieldStatus(page)).toHaveText("Uploading image...");
    await page.clock.runFor(1000);
    await expect(fieldStatus(page)).toHaveText(
      "Error uploading image: Upload timeout - please check your internet connection",
    );
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });

  test("Cancel stops the upload with the product's message", async ({ adminPage: page }) => {
    await openSlideForm(page);
    await holdUploads(page);
    await fileInput(page).setInputFiles({
      name: "cancelled.jpg",
      mimeType: "image/jpeg",
      buffer: await twoToneJpeg(300, 200),
    });
    await page.getByRole("button", { name: "Cancel upload" }).click();
    await expect(fieldStatus(page)).toHaveText("Error uploading image: Upload was cancelled.");
    await expect(page.locator('input[type="hidden"][name="background"]')).toHaveValue("");
  });

  test.describe("when the connection drops", () => {
    test.use({ allowedConsoleErrors: ["net::ERR_FAILED", "net::ERR_INTERNET_DISCONNECTED"] });

    test("a network error gives the product's unknown-error message", async ({ adminPage: page }) => {
      await openSlideForm(page);
      await page.route(UPLOAD_URL, (route) => route.abort("failed"));
      await fileInput(page).setInputFiles({
        name: "offline.jpg",
        mimeType: "image/jpeg",
        buffer: await twoToneJpeg(300, 200),
      });
      await expect(fieldStatus(page)).toHaveText(
        "Error uploading image: An unknown error occurred. Please check your internet connection and try again.",
      );
    });
  });

  test.describe("when the session has ended", () => {
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test("the upload is refused with the product's permission message", async ({ adminPage: page, playwright }) => {
      await openSlideForm(page);
      // Only the upload goes without the session. Clearing the browser's cookies would also
      // sign the page out: any other test's content change reloads its data (live
      // revalidation), which then sends it to the sign-in page before the upload answers.
      const anonymous = await playwright.request.newContext();
      await page.route(UPLOAD_URL, async (route) => {
        const request = route.request();
        const { cookie: _session, "content-length": _length, ...headers } = await request.allHeaders();
        const response = await anonymous.fetch(request.url(), {
          method: request.method(),
          headers,
          data: request.postDataBuffer() ?? undefined,
          maxRedirects: 0,
        });
        await route.fulfill({ response });
      });
      await fileInput(page).setInputFiles({
        name: "late.jpg",
        mimeType: "image/jpeg",
        buffer: await twoToneJpeg(300, 200),
      });
      await expect(fieldStatus(page)).toHaveText(
        "Error uploading image: Permission denied. Please make sure you are logged in as admin and storage rules are deployed.",
      );
      await anonymous.dispose();
    });
  });
});
