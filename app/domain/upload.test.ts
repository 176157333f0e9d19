import { describe, expect, it } from "vitest";
import { ALLOWED_IMAGE_TYPES, mapUploadError, validateImageFile } from "./upload";

const INVALID_TYPE = "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.";

describe("validateImageFile (product.md#images: image upload)", () => {
  it.each(ALLOWED_IMAGE_TYPES.map((type) => [type]))("accepts %s", (type) => {
    expect(validateImageFile({ type, size: 1024 })).toBeNull();
  });

  it("accepts an upper-case MIME type", () => {
    expect(validateImageFile({ type: "IMAGE/PNG", size: 1024 })).toBeNull();
  });

  it.each([["image/svg+xml"], ["application/pdf"], ["image/heic"], [""]])(
    "refuses %j with the invalid-type message",
    (type) => {
      expect(validateImageFile({ type, size: 1024 })).toBe(INVALID_TYPE);
    },
  );

  it("allows exactly 20 MB (20971520 bytes)", () => {
    expect(validateImageFile({ type: "image/jpeg", size: 20971520 })).toBeNull();
  });

  it("refuses a larger file, giving its size in MB with two decimals", () => {
    expect(validateImageFile({ type: "image/jpeg", size: 20971521 })).toBe(
      "File size too large. Please upload images smaller than 20MB. Your file is 20.00MB.",
    );
    expect(validateImageFile({ type: "image/png", size: 22020096 })).toBe(
      "File size too large. Please upload images smaller than 20MB. Your file is 21.00MB.",
    );
  });

  it("reports the type before the size", () => {
    expect(validateImageFile({ type: "text/plain", size: 50_000_000 })).toBe(INVALID_TYPE);
  });
});

describe("mapUploadError (product.md#upload-errors)", () => {
  it.each([
    [
      "storage/unauthorized",
      "Permission denied. Please make sure you are logged in as admin and storage rules are deployed.",
    ],
    ["unauthorized", "Permission denied. Please make sure you are logged in as admin and storage rules are deployed."],
    ["storage/canceled", "Upload was cancelled."],
    ["cancelled", "Upload was cancelled."],
    ["storage/unknown", "An unknown error occurred. Please check your internet connection and try again."],
    ["timeout", "Upload timeout - please check your internet connection"],
  ])("maps %s", (code, message) => {
    expect(mapUploadError(code, "raw server text")).toBe(message);
  });

  it("otherwise shows the error's own message", () => {
    expect(mapUploadError("storage/quota-exceeded", "Quota exceeded")).toBe("Quota exceeded");
  });

  it("otherwise, without a message, asks to try again", () => {
    expect(mapUploadError("other")).toBe("Failed to upload image. Please try again.");
    expect(mapUploadError("other", "  ")).toBe("Failed to upload image. Please try again.");
  });
});
