import { FEATURED_MESSAGES } from "~/domain/messages";
import type { AppServices } from "~/context";
import type { AuditActor } from "../services/audit.server";
import { ValidationError } from "../services/errors.server";
import { saveFeaturedRide } from "../services/featured.server";
import { auditChange, failed, INVALID_REQUEST, readJsonObject, succeeded } from "./respond.server";

/** 'Save Featured Ride': { featured: {…} }. */
export async function featuredAction(request: Request, { services, actor }: { services: AppServices; actor: AuditActor }) {
  const body = await readJsonObject(request);
  if (!body) return failed(400, INVALID_REQUEST);
  try {
    const featured = await saveFeaturedRide(services.db, body.featured);
    await auditChange(services, actor, {
      action: "saved",
      collection: "featuredRide",
      recordId: "main",
      summary: `Updated the featured ride banner "${featured.title}"${featured.isActive ? "" : " (hidden)"}`,
    });
    return succeeded(FEATURED_MESSAGES.updated, { featured });
  } catch (error) {
    if (error instanceof ValidationError) return failed(400, FEATURED_MESSAGES.saveError, error.errors);
    services.logger.error({ err: error }, "saving the featured ride failed");
    return failed(500, FEATURED_MESSAGES.saveError);
  }
}
