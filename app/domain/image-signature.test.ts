import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "./image-signature";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value])),
  );

/** A 14-byte file header plus the DIB header size field of a bitmap. */
function bmpStart(headerSize: number): Uint8Array {
  const start = new Uint8Array(32);
  start.set(bytes("BM"));
  new DataView(start.buffer).setUint32(14, headerSize, true);
  return start;
}

describe("sniffImageFormat", () => {
  it.each([
    ["jpeg", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF")],
    ["jpeg", bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, "Exif")],
    ["png", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, "IHDR")],
    ["gif", bytes("GIF89a", 1, 0, 1, 0)],
    ["gif", bytes("GIF87a", 1, 0, 1, 0)],
    ["webp", bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 ")],
    ["tiff", bytes("II", 0x2a, 0, 8, 0, 0, 0)],
    ["tiff", bytes("MM", 0, 0x2a, 0, 0, 0, 8)],
    ["tiff", bytes("II", 0x2b, 0, 8, 0, 0, 0)],
    ["bmp", bmpStart(40)],
    ["bmp", bmpStart(124)],
  ] as const)("recognises %s from its first bytes", (format, start) => {
    expect(sniffImageFormat(start)).toBe(format);
  });

  it.each([
    ["a text file", bytes("hello, this is not an image")],
    ["an HTML page", bytes("<!DOCTYPE html><html>")],
    ["an SVG (scripts can hide in it)", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["a PDF", bytes("%PDF-1.7")],
    ["a ZIP", bytes("PK", 3, 4)],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt ")],
    ["text starting with BM", bytes("BM is a plain sentence, not a bitmap")],
    ["HEIC", bytes(0, 0, 0, 0x18, "ftypheic")],
    ["an empty file", bytes()],
    ["a truncated JPEG marker", bytes(0xff, 0xd8)],
  ])("refuses %s", (_name, start) => {
    expect(sniffImageFormat(start)).toBeNull();
  });
});
