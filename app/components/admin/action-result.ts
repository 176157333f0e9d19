import { data, isRouteErrorResponse } from "react-router";
import type { ActionResult } from "~/domain/action-result";

/** The JSON body of an admin request: which operation (`intent`) and its data. */
export async function intentOf(request: Request): Promise<string | undefined> {
  try {
    const body: unknown = await request.clone().json();
    return typeof body === "object" && body !== null && "intent" in body && typeof body.intent === "string"
      ? body.intent
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the server action from the browser. When the request itself fails (no signal on the
 * road, the server restarting), the page keeps everything the admin typed and shows the
 * message product.md#messages gives for an exception, instead of giving way to an error page. The 503
 * status tells the router not to reload the pages' data, which would fail the same way and
 * replace the page with the error boundary. A write the admin's role does not allow (the admin
 * layout's 403, decision 026) shows the server's message instead, the page staying as it was.
 */
export async function guardServerAction<T>(
  request: Request,
  serverAction: () => Promise<T>,
  failureMessage: (intent: string | undefined, error: unknown) => string,
) {
  const intent = await intentOf(request);
  try {
    return await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 403 && typeof error.data?.message === "string") {
      return data<ActionResult>({ ok: false, message: error.data.message }, { status: 403 });
    }
    const result: ActionResult = { ok: false, message: failureMessage(intent, error), unreachable: true };
    return data(result, { status: 503 });
  }
}

/** The text of an unknown thrown value, for the messages that include it (product.md#messages). */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Unknown error";
}
