import { z } from "zod";

type CatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodCatch<S[K]> };
type Fallbacks<S extends z.ZodRawShape> = { [K in keyof S]?: z.output<S[K]> };

/** What a field falls back to: its schema's default, or an empty string for a required field. */
function defaultOf(field: z.ZodType): unknown {
  const parsed = field.safeParse(undefined);
  return parsed.success ? parsed.data : "";
}

/**
 * A reader for stored documents, built from the schema that guards writes: each field that
 * fails its rule falls back on its own (to `fallbacks[key]`, else the field's default), so
 * one odd value in a document written by the old app or by hand never hides the whole
 * record. Writes still go through the strict schema.
 */
export function lenientObject<S extends z.ZodRawShape>(
  shape: S,
  fallbacks: Fallbacks<S> = {},
): z.ZodObject<CatchShape<S>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => {
      const fallback = key in fallbacks ? fallbacks[key as keyof S] : defaultOf(field as z.ZodType);
      return [key, (field as z.ZodType).catch(() => fallback as never)];
    }),
  );
  return z.object(fields as unknown as CatchShape<S>);
}
