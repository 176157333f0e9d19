import { pushEnv } from "~/features/rider-messages/server/push/push-env.server";

/** The features' parts of the environment, validated with the core's (server/env.server.ts), in this order. */
export const envParts = [pushEnv] as const;
