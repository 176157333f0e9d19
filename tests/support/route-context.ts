import pino from "pino";
import { RouterContextProvider } from "react-router";
import { type AppServices, type RequestInfo, requestContext, servicesContext } from "~/context";
import { readEnv } from "~/server/env.server";

/**
 * The context a route's loader or action gets from the server (server/app.ts), for calling the
 * route in a test: the services (`db` at least; a default environment and a silent logger) and
 * what the HTTP shell learned about the request.
 */
export function routeContext(
  services: Partial<AppServices> & Pick<AppServices, "db">,
  request: Partial<RequestInfo> = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, { env: readEnv({}), logger: pino({ level: "silent" }), ...services } as AppServices);
  context.set(requestContext, {
    requestId: "test",
    nonce: "n",
    clientIp: "203.0.113.7",
    secure: false,
    origin: "http://roadbook.test",
    ...request,
  });
  return context;
}

/** What a route answered: a redirect's status and location, or data()'s status, body and headers. */
// oxlint-disable-next-line typescript/no-explicit-any -- the routes answer unions of shapes; each test reads the fields it asserts
export type RouteAnswer = { status: number; location?: string; body?: any; headers: Headers };

/** Runs a loader or action, thrown answers included, and says what it answered. */
export async function routeAnswer(run: () => Promise<unknown>): Promise<RouteAnswer> {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("location") ?? undefined, headers: result.headers };
  }
  const value = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (value.type === "DataWithResponseInit") {
    return { status: value.init?.status ?? 200, body: value.data, headers: new Headers(value.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}
