import type { BodyBuffers } from "../body-buffers";

/**
 * The CSP nonce and the request id: every response carries its own (server/security.ts), and a
 * cached page holds those of the render that made it. The page is stored with where they sit,
 * and each response gets a copy with its own written in their place, as if freshly rendered.
 */

/**
 * A value the server drew from its CSPRNG for one response (a nonce, a request id: 122 bits and
 * more) after the request arrived: never a client's choice, so no page text can hold it but where
 * the render wrote it, and a search for it finds exactly its slots (server/security.ts draws them;
 * decision 013's note of 2026-11-26: a client's X-Request-Id: script turning every <script> into a
 * slot).
 */
export type DrawnToken = string & { readonly drawn: unique symbol };

/** A token's place in a cached body: its byte offset and length, and which token it is. */
export type TokenAt = { at: number; length: number; slot: number };

/** Where the tokens (by slot) appear in the body, in order; empty tokens are not looked for. */
export function findTokens(body: Buffer, tokens: readonly DrawnToken[]): TokenAt[] {
  const needles = tokens.flatMap((token, slot) => (token ? [{ bytes: Buffer.from(token), slot }] : []));
  const found: TokenAt[] = [];
  let start = 0;
  for (;;) {
    let next: TokenAt | undefined;
    for (const needle of needles) {
      const at = body.indexOf(needle.bytes, start);
      if (at !== -1 && (!next || at < next.at)) next = { at, length: needle.bytes.length, slot: needle.slot };
    }
    if (!next) return found;
    found.push(next);
    start = next.at + next.length;
  }
}

/**
 * The page with this response's tokens in place of the rendering response's. Tokens of the
 * same byte length (the usual case: a nonce always has, a request id we drew too) are written
 * over one copy of the page, taken from `buffers`, which costs far less than joining the ~80
 * pieces between them (measured: decision 013). The caller gives the copy back once sent.
 */
export function bodyWithTokens(
  page: { body: Buffer; tokens: TokenAt[] },
  tokens: readonly DrawnToken[],
  buffers: BodyBuffers,
): Buffer {
  if (page.tokens.length === 0) return page.body;
  const glue = tokens.map((token) => Buffer.from(token));
  if (page.tokens.every(({ length, slot }) => glue[slot]?.length === length)) {
    const body = buffers.take(page.body.length);
    page.body.copy(body);
    for (const { at, slot } of page.tokens) glue[slot]!.copy(body, at);
    return body;
  }
  const chunks: Buffer[] = [];
  let start = 0;
  for (const { at, length, slot } of page.tokens) {
    chunks.push(page.body.subarray(start, at), glue[slot] ?? Buffer.alloc(0));
    start = at + length;
  }
  chunks.push(page.body.subarray(start));
  return Buffer.concat(chunks);
}
