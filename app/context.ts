import { createContext } from "react-router";
import type { Database } from "./server/db/schema.server";
import type { Env } from "./server/env.server";
import type { Logger } from "./server/logger.server";
import type { Mailer } from "./server/mail/mailer.server";
import type { ObjectStorage } from "./server/storage/storage.server";

/** What every loader and action can reach: chosen once at start-up (server/app.ts). */
export type AppServices = {
  db: Database;
  env: Env;
  logger: Logger;
  /** Uploaded files: the local disk or an S3 bucket. */
  storage: ObjectStorage;
  /** Mail to riders; disabled (sends nothing) without SMTP_URL. */
  mailer: Mailer;
};

export const servicesContext = createContext<AppServices>();

/** What the HTTP shell (server/security.ts) learned about this one request. */
export type RequestInfo = {
  /** Names this request in the logs and in the error page; always drawn by the server. */
  requestId: string;
  /** The X-Request-Id a trusted proxy sent (a plain token), logged beside ours; never shown in a page. */
  forwardedRequestId?: string;
  /** The Content-Security-Policy nonce of this response. */
  nonce: string;
  /** The client's address, as far as TRUST_PROXY lets us believe forwarded headers. */
  clientIp: string;
  /** Whether the browser reached us over https (directly or through a trusted proxy). */
  secure: boolean;
  /** The site's own origin, PUBLIC_URL's (or its local default): never the request's Host (decision 043). */
  origin: string;
};

export const requestContext = createContext<RequestInfo>();
