import { FEATURED_MESSAGES } from "~/domain/messages";
import { saveFeaturedRide } from "../services/featured.server";
import {
  type AdminActionContext,
  auditChange,
  failed,
  failedWrite,
  INVALID_REQUEST,
  readJsonObject,
  succeeded,
} from "./respond.server";

/** 'Save Featured Ride': { featured: {…} }. */
export async function featuredAction(request: Request, { services, actor }: AdminActionContext) {
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
    return failedWrite(services, error, FEATURED_MESSAGES.saveError, "saving the featured ride failed");
  }
}
