import pino from "pino";

export type Logger = pino.Logger;

/** JSON lines in production; people read development logs, so those are pretty-printed. */
export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    redact: { paths: ["password", "*.password", "req.headers.cookie", "req.headers.authorization"], remove: true },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
