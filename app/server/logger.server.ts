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
 * Riders' personal data (issue 12, decision 021): the registration form's fields under the
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
  "utr",
  "tokenHash",
  "token_hash",
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
    mixin: logContextFields,
  };
  if (destination) return pino(options, destination);
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  return pino(options, pino.destination({ dest: 1, sync: true }));
}
