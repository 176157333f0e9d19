import { data, type RouterContextProvider } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { type AppServices, servicesContext } from "~/context";
import type { AuditActor } from "~/domain/audit";
import { adminContext } from "../auth/admin-session.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";

/** What an admin action runs with: the app's services and the signed-in admin the audit trail names. */
export type AdminActionContext = { services: AppServices; actor: AuditActor };

export const INVALID_REQUEST = "Invalid request: the form's data must be sent as a JSON object";

export function succeeded<Extra extends object>(message: string, extra?: Extra) {
  return data({ ok: true as const, message, ...extra });
}

export function failed(
  status: number,
  message: string,
  errors?: Record<string, string>,
  extra?: { conflict?: unknown },
) {
  const result: ActionResult = { ok: false, message, ...(errors ? { errors } : {}), ...extra };
  return data(result, { status });
}

/**
 * The answer to a write that threw: the service's refusals keep their meaning (a broken rule
 * is a 400 with the message per field, a missing record a 404), both under the operation's
 * message (product.md#messages); anything else is logged with `details` and answered as a 500.
 */
export function failedWrite(
  services: AppServices,
  error: unknown,
  message: string,
  log: string,
  details?: Record<string, unknown>,
) {
  if (error instanceof ValidationError) return failed(400, message, error.errors);
  if (error instanceof NotFoundError) return failed(404, message);
  services.logger.error({ err: error, ...details }, log);
  return failed(500, message);
}

/** The JSON object an admin form sent, or null for anything else (a plain form post, broken JSON, an array). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  if (!request.headers.get("content-type")?.includes("application/json")) return null;
  try {
    const body: unknown = await request.json();
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === "string" ? value : "";
}

/**
 * What an admin route's action hands its operation: the app's services and the signed-in admin
 * (set by the admin layout's middleware), as the audit trail names them.
 */
export function adminActionContext(context: Readonly<RouterContextProvider>): AdminActionContext {
  const user = context.get(adminContext);
  return { services: context.get(servicesContext), actor: { id: user.id, email: user.email } };
}
