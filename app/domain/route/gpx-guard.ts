// A GPX file is hostile input until proven otherwise. These checks run on the raw text before
// any XML parser sees it, so a file that could make a parser fetch, expand or loop is refused
// with a message the admin can act on, and nothing is stored.

/** 10 MB; a file of exactly this size is allowed. */
export const MAX_GPX_BYTES = 10 * 1024 * 1024;
/** Track, route and waypoint points together. */
export const MAX_GPX_POINTS = 200_000;

export const GPX_MESSAGES = {
  empty: "The file is empty. Choose a GPX file.",
  tooLarge: (megabytes: string) => `The GPX file is ${megabytes} MB; the limit is 10 MB.`,
  tooManyPoints: (points: number) =>
    `The GPX file has ${points.toLocaleString("en-IN")} points; the limit is 200,000. Simplify it in your route planner and export again.`,
  doctype: "The file declares a DTD or entities, which GPX files never need. It was refused for safety.",
  notXml: "This is not a GPX file: it is not XML.",
  notGpx: "This is not a GPX file: its root element is not <gpx>.",
  malformed: (detail: string) => `The GPX file could not be read: ${detail}.`,
  noTrack: "The GPX file has no track or route with at least two points.",
  badCoordinates: "The GPX file has a point without a valid latitude and longitude.",
  badPoint: (where: string) => `${where}. Correct or remove it in your route planner and export again.`,
  controlCharacter: (line: number) =>
    `The GPX file has a control character (such as NUL) on line ${line.toLocaleString("en-IN")}, which XML never holds: the file is damaged.`,
} as const;

export class GpxRejectedError extends Error {}

/**
 * Where the first character XML 1.0 allows nowhere (a NUL, other C0 controls but tab and line
 * ends, U+FFFE/U+FFFF) is, or -1.
 */
function firstNonXmlCharacter(text: string): number {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff)
      return index;
  }
  return -1;
}

const POINT_TAG = /<(?:trkpt|rtept|wpt)[\s/>]/g;

/** The megabytes of a size, one decimal, for messages ('10.5'). */
export function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

/**
 * The file as text, or GpxRejectedError. Refused: empty, over 10 MB, not UTF-8 text, not
 * starting like XML, any DOCTYPE or ENTITY declaration (external entities, entity expansion
 * such as "billion laughs"), characters XML does not allow (a NUL), more than 200,000 points.
 */
export function guardGpx(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw new GpxRejectedError(GPX_MESSAGES.empty);
  if (bytes.byteLength > MAX_GPX_BYTES) throw new GpxRejectedError(GPX_MESSAGES.tooLarge(megabytes(bytes.byteLength)));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new GpxRejectedError(GPX_MESSAGES.notXml);
  }
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (!start.startsWith("<")) throw new GpxRejectedError(GPX_MESSAGES.notXml);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new GpxRejectedError(GPX_MESSAGES.doctype);
  const control = firstNonXmlCharacter(text);
  if (control >= 0)
    throw new GpxRejectedError(GPX_MESSAGES.controlCharacter(text.slice(0, control).split("\n").length));
  let points = 0;
  POINT_TAG.lastIndex = 0;
  while (POINT_TAG.exec(text)) points += 1;
  if (points > MAX_GPX_POINTS) throw new GpxRejectedError(GPX_MESSAGES.tooManyPoints(points));
  return start;
}
