/**
 * `npm run mail:catch`: a local mail server for trying the site's mail on your own machine (a
 * rider's sign-in link, a booking's confirmation, a team invitation). It listens on
 * 127.0.0.1:1025 (`-- --port=N`) and prints every mail it receives, links included, to this
 * terminal; it sends nothing on. Start the site with `SMTP_URL=smtp://127.0.0.1:1025 npm start`.
 * It is the tests' SMTP stand-in (tests/support/smtp.ts); stop it with Ctrl-C.
 */
import { startLocalSmtp, type ReceivedMail } from "../tests/support/smtp.ts";

const port = Number(process.argv.find((arg) => arg.startsWith("--port="))?.slice(7) ?? 1025);

type Part = { headers: Map<string, string>; body: string };

/** A MIME entity's headers (unfolded, names in lower case) and its body, still encoded. */
function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable to its bytes, read as UTF-8. */
function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody({ headers, body }: Part): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "quoted-printable") return quotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  return body;
}

/** The plain-text part of a mail (the site's mails always have one). */
function plainText(part: Part): string {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return decodeBody(part);
  const parts = part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => parsePart(chunk.replace(/^\r?\n/, "")));
  const text = parts.find((inner) => /^(text\/plain|multipart\/)/i.test(inner.headers.get("content-type") ?? ""));
  return text ? plainText(text) : "";
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= or ?B?) as text. */
function headerText(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : quotedPrintable(text.replace(/_/g, " ")),
  );
}

function print(mail: ReceivedMail): void {
  const message = parsePart(mail.raw);
  const subject = headerText(message.headers.get("subject") ?? "");
  console.log(`\n── ${new Date().toISOString()}  to ${mail.to.join(", ")}\n   ${subject}\n`);
  console.log(plainText(message).trimEnd());
}

const smtp = await startLocalSmtp({ port, onMail: print });
console.log(`Catching mail at ${smtp.url}: start the site with SMTP_URL=${smtp.url} npm start (Ctrl-C stops).`);
process.on("SIGINT", () => void smtp.close().then(() => process.exit(0)));
