import path from "node:path";
import { z } from "zod";
import { type AuthSettings, authEnvShape, authSettings, googleCredentialsTogether } from "./auth/auth-env.server";
import type { MailerSettings } from "./mail/mailer.server";
import type { AllOf } from "~/domain/all-of";
import { envParts as featureEnvParts } from "~/features/slots/env.server";
import { razorpayEnv } from "./payments/razorpay-env.server";
import type { S3StorageConfig } from "./storage/s3-storage.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : value === "true" || value === "1"));

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const RETENTION_MESSAGE = "REGISTRATION_RETENTION_DAYS must be a whole number of days from 1 to 3650";
const OUTBOX_CLAIM_MESSAGE = "OUTBOX_CLAIM_SECONDS must be a whole number of seconds from 1 to 3600";
const REMINDER_POLL_MESSAGE = "REMINDER_POLL_SECONDS must be a whole number of seconds from 1 to 3600";
const CHANGE_NOTICE_DELAY_MESSAGE = "CHANGE_NOTICE_DELAY_SECONDS must be a whole number of seconds from 0 to 86400";

/** Interfaces only this machine reaches: a server there may take http://localhost as its origin. */
function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The core's parts (online payment) and the features'. */
const envParts = [razorpayEnv, ...featureEnvParts] as const;

type Parts = (typeof envParts)[number];

/** The parts' variables (app/features/slots/env.server.ts for the features'), validated with the core's. */
const partsShape = Object.assign({}, ...envParts.map((part) => part.shape)) as AllOf<Parts["shape"]>;

const coreSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .optional()
      .refine(
        (url) => !url || /^postgres(ql)?:\/\//.test(url),
        "DATABASE_URL must be a postgres:// URL (unset for SQLite)",
      ),
    SEED_DEMO: booleanFlag,
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s) URL" }).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // How long in-flight requests may take to finish after SIGTERM / SIGINT (server/main.ts).
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    ...authEnvShape,
    // Uploads go to this S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads.
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.refine(
      (url) => !url || /^https?:\/\/[^/]/.test(url),
      "S3_ENDPOINT must be an http(s) URL",
    ),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanFlag,
    // Registrations (decision 020): mail goes out through this SMTP server when it is set.
    SMTP_URL: optionalText.refine(
      (url) => !url || /^smtps?:\/\/[^/]/.test(url),
      "SMTP_URL must be an smtp:// or smtps:// URL",
    ),
    MAIL_FROM: optionalText,
    // Where riders' replies go: an address the organisers read (notices say "reply").
    MAIL_REPLY_TO: optionalText.refine(
      (address) => !address || z.email().safeParse(address).success,
      "MAIL_REPLY_TO must be an email address",
    ),
    // The features' (Web Push to riders who opt in on their booking page: the site's VAPID keys and contact).
    ...partsShape,
    // How long after a ride ends its riders' personal data is kept (the consent text says so).
    REGISTRATION_RETENTION_DAYS: z.coerce
      .number({ error: RETENTION_MESSAGE })
      .int(RETENTION_MESSAGE)
      .min(1, RETENTION_MESSAGE)
      .max(3650, RETENTION_MESSAGE)
      .default(180),
    // How long an instance holds an outbox entry it is delivering (decision 029): after a crash,
    // another instance (or this one restarted) delivers it once this has passed.
    OUTBOX_CLAIM_SECONDS: z.coerce
      .number({ error: OUTBOX_CLAIM_MESSAGE })
      .int(OUTBOX_CLAIM_MESSAGE)
      .min(1, OUTBOX_CLAIM_MESSAGE)
      .max(3600, OUTBOX_CLAIM_MESSAGE)
      .default(60),
    // How often the server looks for rides' reminders that are due (rider-messages.md#reminders).
    REMINDER_POLL_SECONDS: z.coerce
      .number({ error: REMINDER_POLL_MESSAGE })
      .int(REMINDER_POLL_MESSAGE)
      .min(1, REMINDER_POLL_MESSAGE)
      .max(3600, REMINDER_POLL_MESSAGE)
      .default(60),
    // How long a change notice waits after the first edit, so a burst of edits is one notice.
    CHANGE_NOTICE_DELAY_SECONDS: z.coerce
      .number({ error: CHANGE_NOTICE_DELAY_MESSAGE })
      .int(CHANGE_NOTICE_DELAY_MESSAGE)
      .min(0, CHANGE_NOTICE_DELAY_MESSAGE)
      .max(86400, CHANGE_NOTICE_DELAY_MESSAGE)
      .default(900),
    // Routes (decision 024): the ride page's interactive map loads tiles from this template, e.g.
    // https://tile.example.org/{z}/{x}/{y}.png, credited with MAP_ATTRIBUTION. Unset: no map.
    MAP_TILE_URL: optionalText.refine(
      (url) => !url || (/^https?:\/\/[^/]+\//.test(url) && ["{z}", "{x}", "{y}"].every((part) => url.includes(part))),
      "MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}",
    ),
    MAP_ATTRIBUTION: optionalText,
  })
  .refine((env) => !env.MAP_TILE_URL || env.MAP_ATTRIBUTION, {
    path: ["MAP_ATTRIBUTION"],
    error: "MAP_ATTRIBUTION must name the map's sources when MAP_TILE_URL is set (tile servers require it)",
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    path: ["S3_SECRET_ACCESS_KEY"],
    error: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
  })
  .refine((env) => env.PUBLIC_URL || env.NODE_ENV !== "production" || isLoopback(env.HOST), {
    path: ["PUBLIC_URL"],
    error:
      "PUBLIC_URL must be set in production (the origin of every link the site mails); only a server on a loopback HOST defaults to http://localhost:PORT",
  })
  .refine(...googleCredentialsTogether);

/** A part's check across its variables, given the whole environment (which holds every part's). */
type Together = readonly [(env: z.output<typeof coreSchema>) => boolean, { path: string[]; error: string }];

const envSchema = envParts
  .flatMap((part): readonly Together[] => part.together)
  .reduce((schema, [check, issue]) => schema.refine(check, issue), coreSchema);

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The SQLite database, used when databaseUrl is unset. */
  sqlitePath: string;
  /** Where uploads live when s3 is unset. */
  uploadsDir: string;
  seedDemo: boolean;
  /**
   * The site's public origin, which every absolute link is built on (mail, push, WhatsApp,
   * calendars, Open Graph): never the request's Host, which the client chooses (decision 043).
   */
  publicUrl: string;
  logLevel: string;
  shutdownGraceMs: number;
  /** Set when uploads live in S3; unset for the local disk. */
  s3: S3StorageConfig | undefined;
  /** Outgoing mail; no SMTP URL = no mail (the rider's pages say everything a mail would). */
  mail: MailerSettings;
  /** Days after a ride's end that its riders' personal data is kept. */
  registrationRetentionDays: number;
  /** How long an instance holds an outbox entry it is delivering, in ms. */
  outboxClaimMs: number;
  /** How often due reminders are looked for, in ms. */
  reminderPollMs: number;
  /** How long a change notice waits after a ride's first edit, in ms. */
  changeNoticeDelayMs: number;
  /** The interactive route map's tiles; unset, ride pages show the drawn sketch only. */
  map: MapTiles | undefined;
} & AuthSettings &
  AllOf<ReturnType<Parts["settings"]>>;

export type MapTiles = { tileUrl: string; attribution: string; origin: string };

/** The sender of the site's mail when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = "Roadbook <no-reply@localhost>";

/**
 * The sender without MAIL_FROM: no-reply at the site's own domain (PUBLIC_URL), which mail
 * servers accept from it, else DEFAULT_MAIL_FROM (a development machine).
 */
function mailFromOf(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : "";
  return host && host !== "localhost" ? `Roadbook <no-reply@${host}>` : DEFAULT_MAIL_FROM;
}

export class ConfigurationError extends Error {}

/**
 * Where a data directory keeps the SQLite database and the uploads. Backups use the same layout,
 * so a backup directory can be read like a data directory. The only place these names are written.
 */
export function dataPaths(dataDir: string): { sqlitePath: string; uploadsDir: string } {
  return { sqlitePath: path.join(dataDir, "roadbook.sqlite"), uploadsDir: path.join(dataDir, "uploads") };
}

/** Reads and validates the environment once at start-up; fails with a readable list of problems. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new ConfigurationError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    ...dataPaths(dataDir),
    seedDemo: env.SEED_DEMO ?? true,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    ...authSettings(env),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? "us-east-1",
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Path-style addressing is what self-hosted S3 services expect; AWS itself prefers virtual hosts.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
        }
      : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? mailFromOf(env.PUBLIC_URL),
      ...(env.MAIL_REPLY_TO ? { replyTo: env.MAIL_REPLY_TO } : {}),
    },
    ...(Object.assign({}, ...envParts.map((part) => part.settings(env))) as AllOf<ReturnType<Parts["settings"]>>),
    registrationRetentionDays: env.REGISTRATION_RETENTION_DAYS,
    outboxClaimMs: env.OUTBOX_CLAIM_SECONDS * 1000,
    reminderPollMs: env.REMINDER_POLL_SECONDS * 1000,
    changeNoticeDelayMs: env.CHANGE_NOTICE_DELAY_SECONDS * 1000,
    map:
      env.MAP_TILE_URL && env.MAP_ATTRIBUTION
        ? {
            tileUrl: env.MAP_TILE_URL,
            attribution: env.MAP_ATTRIBUTION,
            // The template's own braces are not part of the host, so the origin is read before them.
            origin: new URL(env.MAP_TILE_URL.replace(/\{[a-z]\}/g, "0")).origin,
          }
        : undefined,
  };
}
