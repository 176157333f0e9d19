import { getStoredConfig } from "../content/config.server";
import type { Executor } from "../db/schema.server";
import type { Mailer } from "./mailer.server";

/**
 * Where a rider's reply goes (their confirmation, their messages and notices say "reply"):
 * MAIL_REPLY_TO, else the contact email the admins keep on the Contact page, read when the mail
 * is sent, so an edit counts at once; null when there is neither, and texts then send riders to
 * the contact page instead. The fallback configuration's demo address is never used.
 */
export async function riderReplyTo(db: Executor, mailer: Pick<Mailer, "replyTo">): Promise<string | null> {
  if (mailer.replyTo) return mailer.replyTo;
  return (await getStoredConfig(db))?.company.email || null;
}
