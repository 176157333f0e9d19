import { z } from "zod";
import { isSupportedDay, parseIsoDate, SUPPORTED_YEARS } from "./dates";
import { cleanLine, cleanParagraphs } from "./plain-text";
import { parseWebUrl } from "./web-url";

// The site's Content-Security-Policy forbids eval. In a browser zod would still probe for it
// with `new Function`, which the browser reports as a policy violation even though zod catches
// the error; jitless skips the probe. The server has no such policy and keeps zod's fast path.
if (typeof document !== "undefined") z.config({ jitless: true });

// Every text field is cleaned as it enters (plain-text.ts): well-formed Unicode, NFC, no
// control characters; only the fields shown as paragraphs keep their line breaks.

/** One line of trimmed text, for building other fields. */
export const line = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .overwrite(cleanLine)
    .trim();
const paragraphs = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .overwrite(cleanParagraphs)
    .trim();

/** One line of trimmed text; empty allowed. */
export const text = () => line().default("");

/** One line of trimmed text that must not be empty. */
export const requiredText = (message: string) => line(message).min(1, message);

/** Trimmed text that keeps its line breaks (a textarea); empty allowed. */
export const multilineText = () => paragraphs().default("");

/** Trimmed text that keeps its line breaks and must not be empty. */
export const requiredMultilineText = (message: string) => paragraphs(message).min(1, message);

/**
 * A link a visitor may follow: only http(s), so a stored `javascript:` or `data:` URL can
 * never reach an href or an iframe, and only to a real host name, because its origin may go
 * into a response header (the frame-src of the Content-Security-Policy).
 */
export const httpUrl = (message: string) =>
  line(message)
    .pipe(z.url({ protocol: /^https?$/, error: message }))
    .refine((url) => parseWebUrl(url) !== null, message);

// Each union carries the field's message: otherwise a value failing every option gets
// zod's generic 'Invalid input'.

/** An optional http(s) link: empty string means "not set". */
export const optionalHttpUrl = (message: string) =>
  z.union([z.string().trim().length(0), httpUrl(message)], { error: message }).default("");

/**
 * A WhatsApp group's invite link, https://chat.whatsapp.com/ and the group's code, as WhatsApp's
 * "Invite via link" gives it; empty means "not set". Nothing else: riders are sent to it as the
 * ride's group, so a link to any other site must not pass for one.
 */
export const optionalWhatsappGroupUrl = (message: string) =>
  z
    .union(
      [
        z.string().trim().length(0),
        line(message).regex(/^https:\/\/chat\.whatsapp\.com\/[A-Za-z0-9]{10,40}\/?$/, message),
      ],
      {
        error: message,
      },
    )
    .default("");

export const DATE_OUT_OF_RANGE = `Dates must fall between the years ${SUPPORTED_YEARS.first} and ${SUPPORTED_YEARS.last}`;

/** A calendar date as YYYY-MM-DD (the value of an <input type="date">), within the supported years. */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => parseIsoDate(value) !== null, { message, abort: true })
    .refine(isSupportedDay, DATE_OUT_OF_RANGE);

export const optionalIsoDate = (message: string) =>
  z.union([z.literal(""), isoDate(message)], { error: message }).default("");

/**
 * A yes/no field, from JSON (a boolean), a database column (1 / 0) or a form post ('on',
 * 'true', '1' / 'off', 'false', '0', ''). z.coerce.boolean() would read 'false' as true.
 */
export const flag = (defaultValue: boolean) =>
  z
    .union([
      z.boolean(),
      z.literal([0, 1]).transform((value) => value === 1),
      z.enum(["true", "on", "1", "false", "off", "0", ""]).transform((value) => ["true", "on", "1"].includes(value)),
    ])
    .default(defaultValue);

export const textList = () =>
  z
    .array(line())
    .default([])
    .transform((items) => items.filter(Boolean));

/**
 * An image: an external http(s) URL or one of our own uploads under /images/. A '..' segment
 * is refused so a stored path can never climb out of /images/.
 */
export const imageUrl = (message: string) =>
  z.union(
    [
      httpUrl(message),
      z
        .string()
        .trim()
        .regex(/^\/images\/(?!.*\.\.)[\w./-]+$/, message),
    ],
    { error: message },
  );

export const optionalImageUrl = (message: string) =>
  z.union([z.literal(""), imageUrl(message)], { error: message }).default("");
