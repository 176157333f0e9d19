/**
 * What every admin action answers: a message for the status line (product.md#messages) and, when input
 * broke a rule, the message per field. The server's actions write it and the pages read it.
 */
export type ActionResult<Extra extends object = object> =
  | ({ ok: true; message: string } & Partial<Extra>)
  | { ok: false; message: string; errors?: Record<string, string>; unreachable?: true; conflict?: unknown };

export function isActionResult(value: unknown): value is ActionResult {
  return (
    typeof value === "object" &&
    value !== null &&
    "ok" in value &&
    "message" in value &&
    typeof value.message === "string"
  );
}
