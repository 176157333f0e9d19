import type { z } from "zod";
import { parseOrErrors } from "~/domain/validation";
import { ValidationError } from "./errors.server";

/** The parsed input, or a ValidationError carrying every field's message (nothing is written). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseOrErrors(schema, input);
  if (!result.ok) throw new ValidationError(result.errors);
  return result.data;
}
