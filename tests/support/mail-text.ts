// A received mail's subject and plain text (the site's mails always have one), for people and
// tests reading what the local SMTP server got: headers unfolded and their encoded words read,
// quoted-printable or base64 bodies decoded, multipart walked to its text/plain part.

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
    .map((chunk) => parsePart(chunk.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
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

/** The mail's subject and plain text, decoded. */
export function readMail(raw: string): { subject: string; text: string } {
  const message = parsePart(raw);
  return { subject: headerText(message.headers.get("subject") ?? ""), text: plainText(message).replace(/\r\n/g, "\n") };
}
