// A page's form names what it asks for in its `intent` field; the page's action runs the handler
// of that name among its own. The admin portal's JSON twin is admin/intent-dispatch.server.ts.

/** The handler a name picks among a page's own, or undefined: own keys only, so "constructor" picks nothing. */
export function handlerNamed<Handler>(handlers: Record<string, Handler>, name: unknown): Handler | undefined {
  return typeof name === "string" && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
}

/**
 * A plain form's post: runs the handler its `intent` field names,
 * or answers `unknown()`. The page reads the form and turns refusals into its answers itself.
 */
export async function dispatchFormIntent<Answer>(
  intent: string,
  handlers: Record<string, () => Promise<Answer>>,
  unknown: () => Answer,
): Promise<Answer> {
  const handler = handlerNamed(handlers, intent);
  return handler ? handler() : unknown();
}
