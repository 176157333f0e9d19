import type { z } from "zod";

/**
 * A feature's part of the environment (app/features/slots/env.server.ts): its variables,
 * validated with the rest of the environment (env.server.ts readEnv), and what the server reads
 * of them, merged into Env.
 */
export type EnvPart<Shape extends z.ZodRawShape, Settings extends object> = {
  /** Its variables' schemas, beside the core's in the environment's schema. */
  shape: Shape;
  /** Checks across its variables, after the core's: each fails with one message on one variable. */
  together: readonly [(env: z.output<z.ZodObject<Shape>>) => boolean, { path: string[]; error: string }][];
  settings(env: z.output<z.ZodObject<Shape>>): Settings;
};
