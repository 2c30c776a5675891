/** Tests: test/logger.test.ts, test/logger-added-secrets.test.ts and 9 more */
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

/** Bot tokens inside URLs (Bot API paths, file links), URL passwords and the given secrets are masked in any string. */
const TOKEN_IN_TEXT = /(?<!\d)\d{5,}:[A-Za-z0-9_-]{30,}/g;

/** `scheme://user:password@` in any URL (REDIS_URL above all): the password part. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/@]+@/gi;
/** A Redis URL's lone user part is its password (`redis://secret@host`), as maskRedisUrl treats it. */
const REDIS_LONE_SECRET = /\b(rediss?:\/\/)[^\s:/@]+@/gi;

export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  let masked = text
    .replace(TOKEN_IN_TEXT, "[bot token]")
    .replace(URL_PASSWORD, "$1***@")
    .replace(REDIS_LONE_SECRET, "$1***@");
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

/** Deeper than this, a value is replaced rather than written unmasked. */
const MAX_DEPTH = 10;

/** Each root logger's list of masked values; children reach their root's through the prototype. */
const maskedByLogger = new WeakMap<object, string[]>();

/**
 * Masks `values` from now on in everything `logger` (and every child of its root) writes: keys
 * that became known after the start, such as those of a store an admin added in the bot.
 */
export function maskAlso(logger: Logger, values: readonly string[]): void {
  let list: string[] | undefined;
  for (let at: object | null = logger; at && !list; at = Object.getPrototypeOf(at)) {
    list = maskedByLogger.get(at);
  }
  if (!list) return;
  for (const value of values) {
    if (value.length >= 6 && !list.includes(value)) list.push(value);
  }
}

export function createLogger(settings: LoggerSettings = {}): Logger {
  const secrets = (settings.secrets ?? []).filter((s) => s.length >= 6);
  const scrub = (value: unknown, seen = new WeakSet<object>(), depth = 0): unknown => {
    if (typeof value === "string") return maskSecrets(value, secrets);
    if (value === null || typeof value !== "object") return value;
    if (seen.has(value)) return "[circular]";
    if (depth > MAX_DEPTH) return "[nested too deep]";
    seen.add(value);
    const inner = (v: unknown) => scrub(v, seen, depth + 1);
    try {
      if (value instanceof Error) {
        return {
          type: value.name,
          message: inner(value.message),
          stack: value.stack === undefined ? undefined : inner(value.stack),
          ...(inner({ ...value }) as object),
          ...(value.cause === undefined ? {} : { cause: inner(value.cause) }),
        };
      }
      if (Array.isArray(value)) return value.map(inner);
      // Dates, URLs and the like: their JSON form (a URL's may carry a key in its query).
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === "function") return inner(toJSON.call(value));
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inner(v)]));
    } finally {
      seen.delete(value);
    }
  };
  const logger = pino(
    {
      level: settings.level ?? "info",
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      formatters: {
        log: (object) => scrub(object) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((a) => (typeof a === "string" ? maskSecrets(a, secrets) : a));
          // Without a message pino writes the error's own as msg, unmasked: give it masked.
          const [first] = masked;
          const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
          if (masked.length === 1 && error instanceof Error) {
            masked.push(maskSecrets(error.message, secrets));
          }
          method.apply(this, masked as Parameters<typeof method>);
        },
      },
      serializers: { err: (err: unknown) => scrub(err) },
    },
    settings.destination,
  );
  maskedByLogger.set(logger, secrets);
  // A child's bindings skip every formatter; children inherit this `child` from the root.
  const child = logger.child;
  logger.child = function (this: Logger, bindings, options) {
    return child.call(this, scrub(bindings) as typeof bindings, options);
  } as typeof child;
  return logger;
}
