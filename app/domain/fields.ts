import { z } from "zod";

/** Trimmed text; empty allowed. */
export const text = () => z.string().trim().default("");

/** Trimmed text that must not be empty. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * A link a visitor may follow: only http(s), so a stored `javascript:` or `data:` URL can
 * never reach an href or an iframe.
 */
export const httpUrl = (message: string) => z.url({ protocol: /^https?$/, error: message });

/** An optional http(s) link: empty string means "not set". */
export const optionalHttpUrl = (message: string) => z.union([z.literal(""), httpUrl(message)]).default("");

/** A calendar date as YYYY-MM-DD (the value of an <input type="date">). */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message);

export const optionalIsoDate = (message: string) => z.union([z.literal(""), isoDate(message)]).default("");

export const textList = () => z.array(z.string().trim()).default([]).transform((items) => items.filter(Boolean));

/** An image: an external http(s) URL or one of our own uploads under /images/. */
export const imageUrl = (message: string) =>
  z.union([httpUrl(message), z.string().trim().regex(/^\/images\/[\w./-]+$/, message)]);

export const optionalImageUrl = (message: string) => z.union([z.literal(""), imageUrl(message)]).default("");
