import { CONFIG_MESSAGES } from "~/domain/messages";
import type { AppServices } from "~/context";
import type { AuditActor } from "../services/audit.server";
import { saveConfig } from "../services/config.server";
import { ValidationError } from "../services/errors.server";
import { auditChange, failed, INVALID_REQUEST, readJsonObject, succeeded } from "./respond.server";

/** 'Save Contact Information': { config: { company, socialMedia, googleForm } }. */
export async function contactAction(request: Request, { services, actor }: { services: AppServices; actor: AuditActor }) {
  const body = await readJsonObject(request);
  if (!body) return failed(400, INVALID_REQUEST);
  try {
    const config = await saveConfig(services.db, body.config);
    await auditChange(services, actor, { action: "saved", collection: "config", recordId: "main", summary: "Updated the contact information" });
    return succeeded(CONFIG_MESSAGES.updated, { config });
  } catch (error) {
    if (error instanceof ValidationError) return failed(400, CONFIG_MESSAGES.updateFailed, error.errors);
    services.logger.error({ err: error }, "saving the contact information failed");
    return failed(500, CONFIG_MESSAGES.updateFailed);
  }
}
