import { CONFIG_MESSAGES } from "~/domain/messages";
import { saveConfig } from "~/server/content/config.server";
import { singleRecordAction } from "~/server/admin/single-record-action.server";

/** 'Save Contact Information': { config: { company, socialMedia, googleForm } }. */
export const contactAction = singleRecordAction({
  field: "config",
  save: saveConfig,
  messages: { saved: CONFIG_MESSAGES.updated, failed: CONFIG_MESSAGES.updateFailed },
  log: "saving the contact information failed",
});
