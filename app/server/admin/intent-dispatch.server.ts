import { handlerNamed } from "../http/form-intent.server";
import { type AdminActionContext, failed, INVALID_REQUEST, readJsonObject } from "./respond.server";

type IntentHandler = (body: Record<string, unknown>, context: AdminActionContext) => Promise<unknown>;

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
