import { type Logger, type LoggerOptions, pino } from "pino";

export type { Logger };

/**
 * Paths whose values are secrets wherever they appear in a log object. pino's redaction
 * works on paths, so the common containers (headers, config, request bodies) are listed too.
 */
const SECRET_KEYS = [
  "botToken",
  "token",
  "apiKey",
  "api_key",
  "Api-Key",
  "api-key",
  "clientSecret",
  "client_secret",
  "access_token",
  "accessToken",
  "Token",
  "authorization",
  "Authorization",
  "webhookSecret",
  "secret_token",
  "password",
];
const CONTAINERS = ["", "*.", "headers.", "*.headers.", "config.", "*.config.", "body.", "*.body."];
export const REDACTED_PATHS = CONTAINERS.flatMap((prefix) =>
  SECRET_KEYS.map((key) =>
    /^[A-Za-z_]\w*$/.test(key) ? `${prefix}${key}` : `${prefix}["${key}"]`,
  ),
);

/** Bot tokens inside URLs (Bot API paths, file links) and Ozon keys are masked in any string. */
const TOKEN_IN_TEXT = /(?<!\d)\d{5,}:[A-Za-z0-9_-]{30,}/g;

export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  let masked = text.replace(TOKEN_IN_TEXT, "[bot token]");
  for (const secret of secrets) {
    if (secret && secret.length >= 6) masked = masked.split(secret).join("[secret]");
  }
  return masked;
}

export interface LoggerSettings {
  level?: LoggerOptions["level"];
  /** Secret values (from the configuration) masked in every message and string field. */
  secrets?: readonly string[];
  destination?: pino.DestinationStream;
}

export function createLogger(settings: LoggerSettings = {}): Logger {
  const secrets = (settings.secrets ?? []).filter((s) => s.length >= 6);
  const scrub = (value: unknown, depth = 0): unknown => {
    if (typeof value === "string") return maskSecrets(value, secrets);
    if (depth > 4 || value === null || typeof value !== "object") return value;
    if (value instanceof Error) {
      return {
        type: value.name,
        message: maskSecrets(value.message, secrets),
        stack: value.stack ? maskSecrets(value.stack, secrets) : undefined,
        ...(scrub({ ...value }, depth + 1) as object),
      };
    }
    if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, depth + 1)]));
  };
  return pino(
    {
      level: settings.level ?? "info",
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      formatters: {
        log: (object) => scrub(object) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((a) => (typeof a === "string" ? maskSecrets(a, secrets) : a));
          method.apply(this, masked as Parameters<typeof method>);
        },
      },
      serializers: { err: (err: unknown) => scrub(err) },
    },
    settings.destination,
  );
}
