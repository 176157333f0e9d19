/**
 * `npm run mail:catch`: a local mail server for trying the site's mail on your own machine (a
 * rider's sign-in link, a booking's confirmation, a team invitation). It listens on
 * 127.0.0.1:1025 (`-- --port=N`) and prints every mail it receives, links included, to this
 * terminal; it sends nothing on. Start the site with `SMTP_URL=smtp://127.0.0.1:1025 npm start`.
 * It is the tests' SMTP stand-in (tests/support/smtp.ts); stop it with Ctrl-C.
 */
import { readMail } from "../tests/support/mail-text.ts";
import { startLocalSmtp, type ReceivedMail } from "../tests/support/smtp.ts";

const port = Number(process.argv.find((arg) => arg.startsWith("--port="))?.slice(7) ?? 1025);

function print(mail: ReceivedMail): void {
  const { subject, text } = readMail(mail.raw);
  console.log(`\n── ${new Date().toISOString()}  to ${mail.to.join(", ")}\n   ${subject}\n`);
  console.log(text.trimEnd());
}

const smtp = await startLocalSmtp({ port, onMail: print });
console.log(`Catching mail at ${smtp.url}: start the site with SMTP_URL=${smtp.url} npm start (Ctrl-C stops).`);
process.on("SIGINT", () => void smtp.close().then(() => process.exit(0)));
