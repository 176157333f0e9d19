import { SMTPServer } from "smtp-server";

/** A message as the local SMTP server received it: envelope and raw RFC 5322 text. */
export type ReceivedMail = { from: string; to: string[]; raw: string };

export type LocalSmtp = {
  url: string;
  mails: ReceivedMail[];
  /** How many senders have a recipient taken and their message not yet kept: mail on its way in. */
  arriving(): number;
  close(): Promise<void>;
};

export type LocalSmtpOptions = {
  /** Recipients the server rejects, quoting the address in its reply as real servers do. */
  rejects?: (address: string) => boolean;
  /** How long the server takes to answer a message it has kept: a slow server, for a mail in flight. */
  answerAfterMs?: number;
  /** The port to listen on (127.0.0.1); a free one by default. */
  port?: number;
  /** Called with each message kept. */
  onMail?: (mail: ReceivedMail) => void;
  /** Awaited before a recipient is taken: a test holds new mail back with it. */
  beforeRecipient?: () => Promise<void> | undefined;
  /** Awaited before a message kept is answered: a test holds that mail in flight with it. */
  beforeAnswer?: (mail: ReceivedMail) => Promise<void> | undefined;
};

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, the library nodemailer's authors keep) that
 * accepts every message (but those to the recipients it `rejects`) without authentication and
 * keeps it for the test to read.
 */
export async function startLocalSmtp({
  rejects = () => false,
  answerAfterMs = 0,
  port: listenOn = 0,
  onMail,
  beforeRecipient = () => undefined,
  beforeAnswer = () => undefined,
}: LocalSmtpOptions = {}): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = [];
  const arriving = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    async onRcptTo(address, session, callback) {
      await beforeRecipient();
      if (!rejects(address.address)) {
        arriving.add(session.id);
        return callback();
      }
      const refusal = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
        responseCode: 550,
      });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        mails.push(mail);
        arriving.delete(session.id);
        onMail?.(mail);
        await beforeAnswer(mail);
        if (answerAfterMs > 0) setTimeout(callback, answerAfterMs);
        else callback();
      });
    },
    onClose(session, callback) {
      arriving.delete(session.id);
      callback();
    },
  });
  // A sender killed in the middle of a mail (the SIGKILL test) resets its connection: a real
  // server notes it and goes on; unheard, smtp-server's error would fail the test that did it.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    arriving: () => arriving.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
