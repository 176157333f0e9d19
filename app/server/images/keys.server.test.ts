import { describe, expect, it } from "vitest";
import { parseImageKey } from "~/domain/image-urls";
import { imageKey, MAX_NAME_LENGTH, sanitiseFileName } from "./keys.server";

describe("sanitiseFileName", () => {
  it.each([
    ["IMG_2024.JPG", "img_2024"],
    ["My Photo (1).jpeg", "my-photo-1"],
    ["Ünïcödé ñame.png", "unicode-name"],
    ["../../etc/passwd.jpg", "passwd"],
    ["..\\..\\windows\\system32\\evil.bmp", "evil"],
    ["shell;rm -rf $HOME`.gif", "shell-rm-rf-home"],
    ["holiday.2024.final.webp", "holiday-2024-final"],
    ["---weird___.tiff", "weird"],
    ["नमस्ते.jpg", "image"],
    [".hidden", "image"],
    ["", "image"],
    ["..", "image"],
  ])("%j becomes %j", (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });

  it("caps the length and keeps only lowercase letters, digits, '-' and '_'", () => {
    const name = sanitiseFileName(`${"Ride Photo ".repeat(30)}.jpg`);
    expect(name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(name).toMatch(/^[a-z0-9][a-z0-9_-]*[a-z0-9]$/);
  });
});

describe("imageKey", () => {
  it("is images/{timestamp}_{filename} with the size, and featured-ride images in their own folder", () => {
    const parts = {
      timestamp: 1763800000000,
      fileName: "Spiti Sunset.JPG",
      extension: "jpg",
      width: 4032,
      height: 3024,
    };
    expect(imageKey(parts)).toBe("1763800000000_spiti-sunset_4032x3024.jpg");
    expect(imageKey({ ...parts, folder: "rides" })).toBe("1763800000000_spiti-sunset_4032x3024.jpg");
    expect(imageKey({ ...parts, folder: "featured-rides" })).toBe(
      "featured-rides/1763800000000_spiti-sunset_4032x3024.jpg",
    );
  });

  it("always makes a key the URL parser recognises", () => {
    for (const fileName of ["a_1x1.jpg", "x", "../../../a.png", "Ω.gif"]) {
      const key = imageKey({ timestamp: 1763800000000, fileName, extension: "png", width: 10, height: 20 });
      expect(parseImageKey(key)).toEqual({ key, width: 10, height: 20 });
    }
  });
});
