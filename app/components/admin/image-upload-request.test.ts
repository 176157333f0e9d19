import { describe, expect, it } from "vitest";
import { checkImageFile } from "./image-upload-request";

const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];

describe("checkImageFile", () => {
  it("accepts an image by its content, whatever its name or declared type", async () => {
    expect(await checkImageFile(new File([new Uint8Array(JPEG_START)], "photo.jpg", { type: "image/jpeg" }))).toBeNull();
    expect(await checkImageFile(new File([new Uint8Array(JPEG_START)], "photo.dat", { type: "" }))).toBeNull();
  });

  it("refuses a document renamed to .jpg with SPEC's type message", async () => {
    const renamed = new File(["%PDF-1.7 not a photo"], "photo.jpg", { type: "image/jpeg" });
    expect(await checkImageFile(renamed)).toBe("Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.");
  });

  it("refuses a file over 20 MB with SPEC's size message", async () => {
    const big = new Blob([new Uint8Array(JPEG_START), new Uint8Array(21 * 1024 * 1024 - JPEG_START.length)]);
    expect(await checkImageFile(big)).toBe("File size too large. Please upload images smaller than 20MB. Your file is 21.00MB.");
  });
});
