import type { z } from "zod";

/**
 * A zod error as form field messages: dotted path ('company.email', 'itinerary.0.title')
 * to the first message for it. An error about the input as a whole has the key ''.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Validates input for a form or a service: the parsed data, or the field messages. */
export function parseOrErrors<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
