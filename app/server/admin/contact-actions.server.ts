import { CONFIG_MESSAGES } from "~/domain/messages";
import { saveConfig } from "../services/config.server";
import {
  type AdminActionContext,
  auditChange,
  failed,
  failedWrite,
  INVALID_REQUEST,
  readJsonObject,
  succeeded,
} from "./respond.server";

/** 'Save Contact Information': { config: { company, socialMedia, googleForm } }. */
export async function contactAction(request: Request, { services, actor }: AdminActionContext) {
  const body = await readJsonObject(request);
  if (!body) return failed(400, INVALID_REQUEST);
  try {
    const config = await saveConfig(services.db, body.config);
    await auditChange(services, actor, {
      action: "saved",
      collection: "config",
      recordId: "main",
      summary: "Updated the contact information",
    });
    return succeeded(CONFIG_MESSAGES.updated, { config });
  } catch (error) {
    return failedWrite(services, error, CONFIG_MESSAGES.updateFailed, "saving the contact information failed");
  }
}
