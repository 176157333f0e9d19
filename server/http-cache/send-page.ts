import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import fresh from "fresh";
import type { BodyBuffers } from "../body-buffers";
import type { CachedPage, Encoding } from "./cached-page";
import { type DrawnToken, bodyWithTokens } from "./tokens";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESS_MIN_BYTES = 1024;
/** Ours, in order: browsers list gzip first ("gzip, deflate, br, zstd") without preferring it. */
const ENCODINGS: Encoding[] = ["br", "gzip"];

async function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(body, { level: 6 });
}

async function encodedBody(page: CachedPage, body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (page.tokens.length > 0) return compress(body, encoding);
  let encoded = page.encoded.get(encoding);
  if (!encoded) {
    encoded = await compress(body, encoding);
    page.encoded.set(encoding, encoded);
  }
  return encoded;
}

/**
 * Sends a cached page: 304 when the client has it (If-None-Match names the ETag of the encoding
 * sent, weak or strong, or is *), else the page with this response's own tokens, compressed when the client
 * accepts brotli or gzip (q > 0). A 304 leaves out the CSP header: the browser keeps the page it
 * has, whose scripts carry the nonce of the CSP it stored along with it.
 */
export async function sendPage(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  tokens: readonly DrawnToken[],
  cacheControl: string,
  buffers: BodyBuffers,
) {
  const encoding =
    page.size >= COMPRESS_MIN_BYTES ? ENCODINGS.find((name) => req.acceptsEncodings(name) === name) : undefined;
  res.setHeader("Cache-Control", cacheControl);
  res.append("Vary", "Accept-Encoding");
  const etag = `"${page.tag}${encoding ? `-${encoding}` : ""}"`;
  res.setHeader("ETag", etag);
  // `fresh` as Express uses it, but given If-None-Match alone: Express's req.fresh also answers
  // 200 to Cache-Control: no-cache, which fetch() adds to every conditional request; an origin
  // that validates the client's copy may answer 304 whatever that says (RFC 9111 §5.2.1.4).
  if (fresh({ "if-none-match": req.headers["if-none-match"] }, { etag })) {
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.status(200);
  const body = bodyWithTokens(page, tokens, buffers);
  const payload = encoding ? await encodedBody(page, body, encoding) : body;
  // Once the body has been handed to the socket ('finish'), nothing reads it any more.
  if (body !== page.body) {
    if (payload === body) res.once("finish", () => buffers.give(body));
    else buffers.give(body);
  }
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", payload.length);
  res.end(req.method === "HEAD" ? undefined : payload);
}
