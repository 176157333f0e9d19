import pino from "pino";
import { logContextFields } from "./log-context.server";

export type Logger = pino.Logger;

/**
 * Secrets that must never reach a log line, wherever a caller puts them (top level or one
 * object down): passwords and their hashes, tokens, cookies, keys, and the database URL,
 * which may embed a password.
 */
const SECRET_FIELDS = [
  "password",
  "passwordHash",
  "password_hash",
  "token",
  "sessionSecret",
  "clientSecret",
  "secretAccessKey",
  "databaseUrl",
  "cookie",
  "authorization",
];

/**
 * Riders' personal data (decision 021): the registration form's fields under the
 * names the form, the service and the table give them, the UPI transaction id and the private
 * link's token (above) and its hash. Logged by mistake, they are removed like secrets.
 */
const PERSONAL_FIELDS = [
  "name",
  "mobile",
  "phone",
  "email",
  "emergencyName",
  "emergencyPhone",
  "licenceNumber",
  "bloodGroup",
  "pillionName",
  // The full name typed to accept a waiver (docs/features/waivers.md).
  "waiverName",
  "waiver_name",
  "utr",
  "tokenHash",
  "token_hash",
  // Find my booking's fresh link waiting (decision 042).
  "pending_token_hash",
];

const REDACTED_FIELDS = [...SECRET_FIELDS, ...PERSONAL_FIELDS];

const REDACTED_PATHS = [
  ...REDACTED_FIELDS,
  ...REDACTED_FIELDS.map((field) => `*.${field}`),
  // PostgreSQL explains a unique violation with the values themselves ("Key (ride_id, phone)=(…)").
  "err.detail",
  "req.headers.cookie",
  "req.headers.authorization",
  'headers["set-cookie"]',
];

/**
 * Where a value may start: not inside a word, an address or an escape sequence of the JSON line
 * (so a replacement never splits one), though right after a newline or tab escape.
 */
const START = String.raw`(?:(?<=\\[nrt])|(?<![\w.%+\\-]))`;

/**
 * Personal data and secrets recognised by their shape, wherever they sit in a line: in an error's
 * message, a mail server's reply quoting a rider's address, a path. Keys (above) cannot catch
 * those. Emails; phone numbers (international, or 10 to 15 digits in a row; not pino's `time`);
 * and tokens: 32 or more letters, digits, `-` and `_` (private links, invitations, sessions,
 * hashes), except the ids that name requests and records: UUIDs, and the 32 hexadecimal digits
 * of nginx's `$request_id` (logged as `forwardedRequestId`, to find the request in nginx's log).
 */
const SHAPES = new RegExp(
  [
    String.raw`${START}[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`,
    String.raw`(?<![\w\\+])\+\d(?:[ -]?\d){7,14}(?![\w-])(?!\.\d)`,
    String.raw`(?<!"time":)${START}\d{10,15}(?![\w-])(?!\.\d)`,
    String.raw`${START}[\w-]{32,}(?![\w-])`,
  ].join("|"),
  "g",
);
const ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;

function redactShape(value: string): string {
  if (value.includes("@")) return "[email]";
  if (/^\+?[\d -]+$/.test(value)) return "[phone]";
  return ID.test(value) ? value : "[token]";
}

const isWordCode = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 45;
const isDigitCode = (code: number) => code >= 48 && code <= 57;

/** Whether the run of word characters line[start, end) may be a token or a phone number. */
function suspiciousRun(line: string, start: number, end: number): boolean {
  const length = end - start;
  if (length >= 32) return !ID.test(line.slice(start, end));
  if (length > 15) return false;
  for (let index = start; index < end; index += 1) if (!isDigitCode(line.charCodeAt(index))) return false;
  return !line.startsWith('"time":', start - 7);
}

/**
 * Whether SHAPES could match anywhere in the line, found in one pass over its characters: most
 * lines (an access line above all) hold nothing of the kind, and a regular expression with
 * look-behinds at every position cost ~20 µs a line, a visible share of serving a cached page.
 */
function mayHoldShapes(line: string): boolean {
  if (line.includes("@")) return true;
  let start = -1;
  for (let index = 0; index <= line.length; index += 1) {
    const code = index < line.length ? line.charCodeAt(index) : 0;
    if (isWordCode(code)) {
      if (start < 0) start = index;
      continue;
    }
    if (start >= 0 && index - start >= 10 && suspiciousRun(line, start, index)) return true;
    start = -1;
    if (code === 43 && isDigitCode(line.charCodeAt(index + 1))) return true;
  }
  return false;
}

/** A serialised log line with every value of a personal or secret shape replaced by its kind. */
export function redactShapes(line: string): string {
  return mayHoldShapes(line) ? line.replace(SHAPES, redactShape) : line;
}

/**
 * JSON lines in production; people read development logs, so those are pretty-printed. Every
 * line written while a request is handled carries its request id (log-context.server.ts).
 *
 * Production lines are written synchronously to stdout: each is out before the code goes on,
 * so the line that explains a crash is never lost in a buffer. pino's default (asynchronous,
 * one thread-pool write per line, lines gathered in a growing string meanwhile) cost about a
 * fifth of serving a cached page under load (decision 013).
 */
export function createLogger(level: string, pretty: boolean, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, remove: true },
    hooks: { streamWrite: redactShapes },
    mixin: logContextFields,
  };
  if (destination) return pino(options, destination);
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  return pino(options, pino.destination({ dest: 1, sync: true }));
}
