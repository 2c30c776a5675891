/** Tests: none directly */
// The building blocks of the settings schema: each names its problem in words, never the value.
import { isIP } from "node:net";
import { z } from "zod";

// Blank values never reach the schema (loadConfig drops them), so "optional" covers "blank".
export const optionalText = z.string().trim().optional();

export const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
      error: "must be 1 or 0 (true/false, yes/no, on/off also work)",
    }),
  )
  .transform((v) => ["1", "true", "yes", "on"].includes(v))
  .optional();

export const seconds = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number of seconds" })
    .positive("must be greater than 0")
    .max(86_400, "must be at most 86400 (one day)")
    .default(fallback);

export const url = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ""));

export const whole = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

export const timezone = z
  .string()
  .default("Europe/Moscow")
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone such as Europe/Moscow");

export const telegramIds = z
  .string()
  .default("")
  .transform((raw, ctx) => {
    const ids: number[] = [];
    for (const part of raw.split(/[\s,;]+/).filter(Boolean)) {
      if (!/^\d{1,15}$/.test(part)) {
        ctx.addIssue({ code: "custom", message: `"${part}" is not a Telegram user id` });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    return ids;
  });

/** "195.34.21.0/24", "2001:db8::/32" or a single address. */
export function isCidr(text: string): boolean {
  return parseCidr(text) !== undefined;
}

export function parseCidr(
  text: string,
): { address: string; prefix: number; type: "ipv4" | "ipv6" } | undefined {
  const [address = "", prefixText, extra] = text.split("/");
  if (extra !== undefined) return undefined;
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) return undefined;
  return { address, prefix, type: version === 4 ? "ipv4" : "ipv6" };
}
