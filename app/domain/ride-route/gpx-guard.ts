// A GPX file is hostile input until proven otherwise. These checks run on the raw text before
// any XML parser sees it, so a file that could make a parser fetch, expand or loop is refused
// with a message the admin can act on, and nothing is stored.

/** 10 MB; a file of exactly this size is allowed. */
export const MAX_GPX_BYTES = 10 * 1024 * 1024;
/** Track, route and waypoint points together. */
export const MAX_GPX_POINTS = 200_000;
/**
 * Elements of any kind. 10 MB hold at most ~400,000 of a real GPX file's (a point, its
 * elevation, its time: 25 bytes or more each); a million is only reached by empty ones.
 */
export const MAX_GPX_ELEMENTS = 1_000_000;
/** How deep elements nest: a point's extensions lie 6 or 7 levels down. */
export const MAX_GPX_DEPTH = 64;

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
  tooDeep: `The GPX file nests its elements more than ${MAX_GPX_DEPTH} levels deep, which no route planner writes. It was refused for safety.`,
  tooManyElements: `The GPX file has more than ${MAX_GPX_ELEMENTS.toLocaleString("en-IN")} elements, far more than a route needs. It was refused for safety.`,
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

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** Where the markup that `<!` or `<?` at `index` opens (a comment, CDATA, an instruction) ends. */
function endOfSpecialMarkup(text: string, index: number): number {
  const closer = text.startsWith("<!--", index) ? "-->" : text.startsWith("<![CDATA[", index) ? "]]>" : ">";
  const end = text.indexOf(closer, index + 2);
  return end < 0 ? text.length : end + closer.length - 1;
}

/**
 * Whether the file's elements nest deeper or number more than a GPX file's, in one pass over
 * the text before any parser builds a tree: a file of a million empty or nested elements would
 * fill the parser's heap for many seconds before it is refused (decision 024).
 */
function elementShape(text: string): "ok" | "too deep" | "too many" {
  let elements = 0;
  let depth = 0;
  let inStartTag = false;
  let quote = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inStartTag) {
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
        quote = code;
      } else if (code === GREATER_THAN) {
        inStartTag = false;
        if (text.charCodeAt(index - 1) === SLASH) depth -= 1;
      }
    } else if (code === LESS_THAN) {
      const next = text.charCodeAt(index + 1);
      if (next === SLASH) depth -= 1;
      else if (next === BANG || next === QUESTION) index = endOfSpecialMarkup(text, index);
      else {
        elements += 1;
        depth += 1;
        inStartTag = true;
        if (depth > MAX_GPX_DEPTH) return "too deep";
        if (elements > MAX_GPX_ELEMENTS) return "too many";
      }
    }
  }
  return "ok";
}

const POINT_TAG = /<(?:trkpt|rtept|wpt)[\s/>]/g;

/** The megabytes of a size, one decimal, for messages ('10.5'). */
export function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

/**
 * The file as text, or GpxRejectedError. Refused: empty, over 10 MB, not UTF-8 text, not
 * starting like XML, any DOCTYPE or ENTITY declaration (external entities, entity expansion
 * such as "billion laughs"), characters XML does not allow (a NUL), elements nested or
 * numbering past a GPX file's, more than 200,000 points.
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
  const shape = elementShape(text);
  if (shape === "too deep") throw new GpxRejectedError(GPX_MESSAGES.tooDeep);
  if (shape === "too many") throw new GpxRejectedError(GPX_MESSAGES.tooManyElements);
  let points = 0;
  POINT_TAG.lastIndex = 0;
  while (POINT_TAG.exec(text)) points += 1;
  if (points > MAX_GPX_POINTS) throw new GpxRejectedError(GPX_MESSAGES.tooManyPoints(points));
  return start;
}
