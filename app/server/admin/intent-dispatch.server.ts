import { type AdminActionContext, failed, INVALID_REQUEST, readJsonObject } from "./respond.server";

type IntentHandler = (body: Record<string, unknown>, context: AdminActionContext) => Promise<unknown>;

/** The handler a name picks among a page's own, or undefined: own keys only, so "constructor" picks nothing. */
function handlerNamed<Handler>(handlers: Record<string, Handler>, name: unknown): Handler | undefined {
  return typeof name === "string" && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
}

/**
 * Runs the handler a page's JSON body names with `intent` ({ intent, … }). A body that is not
 * a JSON object, or names no handler of this page, is refused before anything is read or written.
 */
export async function dispatchIntent<Handlers extends Record<string, IntentHandler>>(
  request: Request,
  context: AdminActionContext,
  handlers: Handlers,
  unknownIntentMessage: string,
): Promise<Awaited<ReturnType<Handlers[keyof Handlers]>> | ReturnType<typeof failed>> {
  const body = await readJsonObject(request);
  if (!body) return failed(400, INVALID_REQUEST);
  const handler = handlerNamed(handlers, body.intent);
  if (!handler) return failed(400, unknownIntentMessage);
  return (await handler(body, context)) as Awaited<ReturnType<Handlers[keyof Handlers]>>;
}

/**
 * The twin of dispatchIntent for a plain form's post: runs the handler its `intent` field names,
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
