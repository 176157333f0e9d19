/**
 * A reader for Windows bitmaps. product.md#images accepts BMP uploads but the libvips inside sharp's
 * prebuilt binaries cannot read them, so this turns the uncompressed kinds (every bit depth,
 * with or without bit-field masks) into raw pixels that sharp can take. Run-length-encoded
 * and embedded-JPEG/PNG bitmaps are rare and refused.
 */

export class UnsupportedBitmapError extends Error {}

export type BitmapHeader = { width: number; height: number };

export type DecodedBitmap = BitmapHeader & { channels: 3 | 4; pixels: Buffer };

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

type Layout = BitmapHeader & {
  topDown: boolean;
  bitsPerPixel: number;
  compression: number;
  pixelOffset: number;
  paletteOffset: number;
  paletteEntrySize: 3 | 4;
  paletteSize: number;
  masks: { red: number; green: number; blue: number; alpha: number } | null;
};

function readLayout(data: Buffer): Layout {
  if (data.length < 26 || data.toString("latin1", 0, 2) !== "BM") throw new UnsupportedBitmapError("Not a bitmap");
  const pixelOffset = data.readUInt32LE(10);
  const headerSize = data.readUInt32LE(14);
  if (headerSize === 12) {
    const bitsPerPixel = data.readUInt16LE(24);
    return {
      width: data.readUInt16LE(18),
      height: data.readUInt16LE(20),
      topDown: false,
      bitsPerPixel,
      compression: BI_RGB,
      pixelOffset,
      paletteOffset: 14 + headerSize,
      paletteEntrySize: 3,
      paletteSize: bitsPerPixel <= 8 ? 1 << bitsPerPixel : 0,
      masks: null,
    };
  }
  if (headerSize < 40 || data.length < 14 + 40) throw new UnsupportedBitmapError("Unknown bitmap header");
  const rawHeight = data.readInt32LE(22);
  const bitsPerPixel = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  const colorsUsed = data.readUInt32LE(46);
  let masks: Layout["masks"] = null;
  let paletteOffset = 14 + headerSize;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    // Masks follow a 40-byte header, or sit inside a larger one at the same place.
    const withAlpha = compression === BI_ALPHABITFIELDS || headerSize >= 56;
    if (data.length < 14 + 40 + (withAlpha ? 16 : 12)) throw new UnsupportedBitmapError("Truncated bitmap");
    masks = {
      red: data.readUInt32LE(54),
      green: data.readUInt32LE(58),
      blue: data.readUInt32LE(62),
      alpha: withAlpha ? data.readUInt32LE(66) : 0,
    };
    if (headerSize === 40) paletteOffset += compression === BI_ALPHABITFIELDS ? 16 : 12;
  }
  return {
    width: data.readInt32LE(18),
    height: Math.abs(rawHeight),
    topDown: rawHeight < 0,
    bitsPerPixel,
    compression,
    pixelOffset,
    paletteOffset,
    paletteEntrySize: 4,
    paletteSize: bitsPerPixel <= 8 ? colorsUsed || 1 << bitsPerPixel : 0,
    masks,
  };
}

/** The size a bitmap declares, read without decoding it (to refuse oversized ones first). */
export function readBitmapHeader(data: Buffer): BitmapHeader {
  const { width, height } = readLayout(data);
  return { width, height };
}

/** Position and width of a colour mask, to scale any channel depth to 0–255. */
function maskReader(mask: number): (value: number) => number {
  if (mask === 0) return () => 255;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

export function decodeBitmap(data: Buffer): DecodedBitmap {
  const layout = readLayout(data);
  const { width, height, bitsPerPixel, compression } = layout;
  if (width < 1 || height < 1) throw new UnsupportedBitmapError("Bitmap without pixels");
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression))
    throw new UnsupportedBitmapError("Compressed bitmap");
  if (![1, 4, 8, 16, 24, 32].includes(bitsPerPixel)) throw new UnsupportedBitmapError("Unsupported bit depth");

  const rowBytes = Math.ceil((width * bitsPerPixel) / 32) * 4;
  if (layout.pixelOffset + rowBytes * height > data.length) throw new UnsupportedBitmapError("Truncated bitmap");

  const palette: [number, number, number][] = [];
  for (let index = 0; index < layout.paletteSize; index += 1) {
    const at = layout.paletteOffset + index * layout.paletteEntrySize;
    if (at + 3 > data.length) break;
    palette.push([data[at + 2]!, data[at + 1]!, data[at]!]);
  }

  // 16 bits without masks is 5-5-5; 32 bits without masks is BGRX (the X byte is not alpha).
  const masks =
    layout.masks ??
    (bitsPerPixel === 16
      ? { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 }
      : bitsPerPixel === 32
        ? { red: 0xff0000, green: 0xff00, blue: 0xff, alpha: 0 }
        : null);
  const channels = masks && masks.alpha !== 0 ? 4 : 3;
  const [red, green, blue, alpha] = masks ? [masks.red, masks.green, masks.blue, masks.alpha].map(maskReader) : [];
  const pixels = Buffer.alloc(width * height * channels);

  for (let row = 0; row < height; row += 1) {
    const source = layout.pixelOffset + (layout.topDown ? row : height - 1 - row) * rowBytes;
    let target = row * width * channels;
    for (let column = 0; column < width; column += 1) {
      let rgb: [number, number, number];
      let opacity = 255;
      if (bitsPerPixel <= 8) {
        const bitOffset = column * bitsPerPixel;
        const byte = data[source + (bitOffset >> 3)]!;
        const index = (byte >> (8 - bitsPerPixel - (bitOffset & 7))) & ((1 << bitsPerPixel) - 1);
        rgb = palette[index] ?? [0, 0, 0];
      } else if (bitsPerPixel === 24) {
        const at = source + column * 3;
        rgb = [data[at + 2]!, data[at + 1]!, data[at]!];
      } else {
        const value =
          bitsPerPixel === 16 ? data.readUInt16LE(source + column * 2) : data.readUInt32LE(source + column * 4);
        rgb = [red!(value), green!(value), blue!(value)];
        if (channels === 4) opacity = alpha!(value);
      }
      pixels[target] = rgb[0];
      pixels[target + 1] = rgb[1];
      pixels[target + 2] = rgb[2];
      if (channels === 4) pixels[target + 3] = opacity;
      target += channels;
    }
  }
  return { width, height, channels, pixels };
}
