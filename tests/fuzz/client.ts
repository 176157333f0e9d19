import { exchange } from "../../server/raw-http.ts";
import { type Findings, pathShape, reproduction } from "./findings.ts";
import { request } from "./requests.ts";

// How `npm run fuzz` talks to the server: one request as bytes on its own connection, followed
// there by a second request, and what came back read as a status, headers and a body. Every
// answer is judged the same way (5xx, reset, hang, a stack trace or SQL in the body).

/** One request as bytes on the wire, and a line that names it in the report. */
export type FuzzRequest = {
  label: string;
  head: string;
  body: Buffer;
  /** Checks of what the answer says and of what it left stored. */
  expect?: Expectation;
  /** How long the answer may take before the request counts as hung (default 10 s). */
  timeoutMs?: number;
};

/** What a request must leave behind, beyond a clean answer. */
export type Expectation = {
  /**
   * Reads what the request may change (a JSON text): read before and after it, the two must
   * be the same when the answer is a refusal, and when the body is one the route cannot read.
   */
  state?: () => Promise<string>;
  /** The body is not of the kind the route reads (JSON to a form, a form to JSON, a broken multipart). */
  unreadable?: boolean;
  /** Further checks of the answer: each returns the kind of defect it saw, or null. */
  check?: (answer: Answer) => Promise<string | null> | string | null;
};

/** A request as a finding shows it (the bytes sent, or a line naming what was read). */
export type Shown = { head: string; body: Buffer | string };

export type Answer = { status: number; headers: Map<string, string>; body: string };

/** A stack frame, a Node internal or an SQL engine's error text: never for a visitor's eyes. */
const LEAK =
  /\n\s+at \S+ \(|node:internal|\b(?:TypeError|ReferenceError|SyntaxError): |SQLITE_|syntax error at or near|violates .* constraint/;

/** The first response of a connection's bytes: status, headers (lower-case names), body (chunks joined). */
function parseAnswer(text: string): Answer | null {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  const end = text.indexOf("\r\n\r\n");
  if (!status || end === -1) return null;
  const headers = new Map<string, string>();
  for (const line of text.slice(0, end).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  let rest = text.slice(end + 4);
  let body = "";
  if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) {
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      const size = Number.parseInt(rest.slice(0, lineEnd), 16);
      if (lineEnd === -1 || !Number.isFinite(size) || size === 0) break;
      body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
  } else {
    body = rest.slice(0, Number(headers.get("content-length") ?? rest.length));
  }
  // The bytes were read as latin1; the pages are UTF-8.
  return { status: Number(status[1]), headers, body: Buffer.from(body, "latin1").toString("utf8") };
}

export type ClientOptions = { port: number; host: string; origin: string; findings: Findings };

/** Sends requests and judges every answer; counts inputs, follow-up checks and answers by status class. */
export class Client {
  inputs = 0;
  checks = 0;
  resets = 0;
  readonly statusClasses = new Map<string, number>();
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.#options = options;
  }

  get origin(): string {
    return this.#options.origin;
  }

  get host(): string {
    return this.#options.host;
  }

  /** A request with the site's Host and Origin (writes pass the cross-site check), a session and a client address. */
  request(
    method: string,
    path: string,
    options: {
      cookie?: string;
      ip?: string;
      type?: string;
      headers?: Record<string, string>;
      body?: Buffer | string;
      expect?: Expectation;
      timeoutMs?: number;
    } = {},
  ): FuzzRequest {
    const headers: Record<string, string> = { Host: this.host };
    if (method !== "GET" && method !== "HEAD") headers.Origin = this.origin;
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.ip) headers["X-Forwarded-For"] = options.ip;
    if (options.type) headers["Content-Type"] = options.type;
    Object.assign(headers, options.headers);
    return { ...request(method, path, headers, options.body), expect: options.expect, timeoutMs: options.timeoutMs };
  }

  /** Records a finding of `kind` shown by `fuzzRequest`. */
  find(kind: string, fuzzRequest: Shown): void {
    this.#options.findings.add(kind, reproduction(fuzzRequest.head, fuzzRequest.body));
  }

  /** Counts a follow-up check; a defect it saw becomes a finding. */
  verdict(kind: string | null, fuzzRequest: Shown): void {
    this.checks += 1;
    if (kind) this.find(kind, fuzzRequest);
  }

  /** The status class count and the judgement every answer gets. */
  judge(label: string, status: number, body: string, fuzzRequest: Shown): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.statusClasses.set(statusClass, (this.statusClasses.get(statusClass) ?? 0) + 1);
    const [method = "", path = ""] = label.split(" ");
    if (status >= 500) this.find(`${status} for ${method} ${pathShape(path)}`, fuzzRequest);
    if (LEAK.test(body)) this.find(`stack trace or SQL in the answer to ${method} ${pathShape(path)}`, fuzzRequest);
  }

  /**
   * Sends one request on its own connection, then a second one there unless the first closes
   * it, and runs the request's expectations. The answer, or null when none came.
   */
  async send(fuzzRequest: FuzzRequest, timeoutMs = fuzzRequest.timeoutMs ?? 10_000): Promise<Answer | null> {
    const { head, body, label, expect } = fuzzRequest;
    const before = expect?.state ? await expect.state() : undefined;
    const follow = `GET /healthz HTTP/1.1\r\nHost: ${this.host}\r\nConnection: close\r\n\r\n`;
    this.inputs += 1;
    const result = await exchange(this.#options.port, [head, body, follow], timeoutMs);
    const answer = parseAnswer(result.text);
    // An HTTP/1.0 request, or an answer that says so, ends its connection: nothing follows. The
    // admin's live updates are an event stream, open until the client leaves.
    const saysClose = /close/i.test(answer?.headers.get("connection") ?? "");
    const closes =
      saysClose ||
      / HTTP\/1\.0\r\n/.test(head) ||
      /text\/event-stream/i.test(answer?.headers.get("content-type") ?? "");
    const [method = "", path = ""] = label.split(" ");
    const where = `${method} ${pathShape(path)}`;
    // A client still sending when the server closes, as it said it would, sees an error on its
    // own writes; a reset is a connection that ends any other way.
    if (result.reset && !(answer && saysClose)) {
      this.resets += 1;
      this.find(`connection reset by ${where}`, fuzzRequest);
    }
    if (!answer) {
      this.find(`no answer to ${where} within ${timeoutMs / 1000} s`, fuzzRequest);
      return null;
    }
    this.judge(label, answer.status, answer.body, fuzzRequest);
    if (!closes && result.statusLines.length < 2) this.find(`the request after ${where} got no answer`, fuzzRequest);
    if (expect) await this.#follow(fuzzRequest, expect, answer, before, where);
    return answer;
  }

  async #follow(
    fuzzRequest: FuzzRequest,
    expect: Expectation,
    answer: Answer,
    before: string | undefined,
    where: string,
  ) {
    if (expect.state) {
      const changed = before !== (await expect.state());
      if (answer.status >= 400)
        this.verdict(changed ? `${where} answered ${answer.status} but changed data` : null, fuzzRequest);
      if (expect.unreadable)
        this.verdict(changed ? `${where} changed data on a body it cannot read` : null, fuzzRequest);
    }
    if (expect.unreadable) {
      // Accepted: a page or a redirect after the write (303). Other redirects come from before
      // the route (a path the HTTP shell corrects), or from a success no unreadable body reaches.
      const accepted = answer.status < 300 || answer.status === 303;
      this.verdict(accepted ? `${where} answered ${answer.status} to a body it cannot read` : null, fuzzRequest);
    }
    if (expect.check) this.verdict(await expect.check(answer), fuzzRequest);
  }
}
