import type { Database } from "../db/schema.server";
import type { Mail, Mailer } from "../mail/mailer.server";
import { riderReplyTo } from "../mail/reply-to.server";
import type { MailSends } from "../registries/feature.server";

/** Sends one mail; the entry's id is its Message-ID, so a mail sent again after a crash is the same message. */
async function send(mailer: Mailer, mail: Mail, entryId: string): Promise<void> {
  if (!(await mailer.send({ ...mail, messageId: `<${entryId}@outbox.roadbook>` }))) {
    throw new Error("the mail server did not take the mail");
  }
}

/** How the outbox's mail kinds send, the core's and the features' alike (deliveries.server.ts). */
export function mailSends(db: Database, mailer: Mailer): MailSends {
  const replyTo = () => riderReplyTo(db, mailer);
  const toRider = async (mail: Mail, entry: { id: string }) => {
    const address = await replyTo();
    await send(mailer, address ? { ...mail, replyTo: address } : mail, entry.id);
  };
  return {
    toRider,
    written: async ({ mail }, entry) => {
      if (mailer.enabled) await send(mailer, mail, entry.id);
    },
    writtenToRider: async ({ mail }, entry) => {
      if (mailer.enabled) await toRider(mail, entry);
    },
  };
}
