import { createTransport } from "nodemailer";
import type { Logger } from "../logger.server";

/** One message to one person: plain text always, HTML when the sender has a richer form. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The message's id (`<…@…>`): the same for a mail sent again, so mail clients show it once. */
  messageId?: string;
  /** Where a reply goes, over the mailer's own (riders' mail: reply-to.server.ts). */
  replyTo?: string;
  /** Files sent with it (a money document's PDF): made when the mail is sent, never kept in the outbox. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type Mailer = {
  /** False when no SMTP server is configured: the site then shows what it would have mailed. */
  readonly enabled: boolean;
  /** MAIL_REPLY_TO: every mail's Reply-To, unless the mail names its own. */
  readonly replyTo?: string;
  /**
   * Sends one message. Never throws: a mail that cannot be sent is logged (without its
   * recipient or content, which are a rider's personal data) and the caller goes on, since the
   * page the rider is shown already says everything the mail does.
   */
  send(mail: Mail): Promise<boolean>;
  close(): void;
};

/** The SMTP connections a mailer keeps open at most (nodemailer's pool default). */
export const MAIL_CONNECTIONS = 5;

export type MailerSettings = {
  smtpUrl: string | undefined;
  from: string;
  /** Where replies go (MAIL_REPLY_TO): an address the organisers read; without it, to From. */
  replyTo?: string;
};

/** An SMTP mailer (nodemailer) when `smtpUrl` is set (`smtp://`, `smtps://`, with credentials), else none. */
export function createMailer({ smtpUrl, from, replyTo }: MailerSettings, logger: Logger): Mailer {
  if (!smtpUrl) return { enabled: false, replyTo, send: async () => false, close: () => undefined };
  // A mail server that does not answer must not hold a rider's request for minutes.
  // Pooled: a message to a whole ride goes over a few open connections, not one per mail.
  const transport = createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: MAIL_CONNECTIONS,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from, ...(replyTo ? { replyTo } : {}) },
  );
  return {
    enabled: true,
    replyTo,
    async send(mail) {
      try {
        await transport.sendMail(mail);
        return true;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn({ reason }, "mail could not be sent");
        return false;
      }
    },
    close: () => transport.close(),
  };
}
