import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : value === "true" || value === "1"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((url) => !url || /^postgres(ql)?:\/\//.test(url), "DATABASE_URL must be a postgres:// URL (unset for SQLite)"),
  SEED_DEMO: booleanFlag,
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s) URL" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  publicUrl: string | undefined;
  logLevel: string;
};

export class ConfigurationError extends Error {}

/** Reads and validates the environment once at start-up; fails with a readable list of problems. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new ConfigurationError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO ?? true,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ""),
    logLevel: env.LOG_LEVEL,
  };
}
