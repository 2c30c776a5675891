/** Tests: none directly */
import { createRandom, hashSeed, type Random } from "./random.ts";

/**
 * Fault injection per route. A pattern is matched against "METHOD /path" (query excluded):
 * - a RegExp is tested against that text;
 * - a string "POST /v2/posting/fbs/ship" matches method and path, "/v1/chat/*" only the path;
 *   `*` matches any run of characters and `{name}` one path segment.
 * The most recently set matching rule applies. Decisions come from a PRNG seeded with the
 * sandbox seed and the pattern, so a run is reproducible.
 */
export interface FaultSpec {
  /** Delay before answering, in ms (every matching request). */
  latencyMs?: number;
  /** Share (0..1) of requests answered 429. */
  rate429?: number;
  /** Retry-After header (seconds) on those 429s; no header when unset. */
  retryAfterSeconds?: number;
  /** Share (0..1) of requests answered with a server error (not executed). */
  rate5xx?: number;
  /** Share (0..1) of requests refused 403 with the service's error body (not executed). */
  rate403?: number;
  /** Status of those server errors; default 500. */
  status5xx?: number;
  /** Share (0..1; true = 1) of successful answers whose body is spoiled. */
  malformed?: number | boolean;
  /** `invalid-json` (default): the body cut in half; `wrong-shape`: first top-level field of the wrong type. */
  malformedKind?: "invalid-json" | "wrong-shape";
  /**
   * Successful answers go out without Content-Length, in pieces of this many bytes, each written
   * once the client took the one before (an answer that does not say how big it is).
   */
  bodyChunkBytes?: number;
  /** With `bodyChunkBytes`: a pause before each further piece, in ms (a trickling body). */
  bodyPauseMs?: number;
  /** Apply to this many matching requests only, then remove the rule. */
  times?: number;
  /**
   * Only requests to this store (its Seller Client-Id, or its Performance client id): one store
   * answers 5xx or 403 while the others work. Unset: every store, and requests of no store.
   */
  store?: string;
}

export type RoutePattern = string | RegExp;

export interface FaultDecision {
  latencyMs: number;
  outcome: "429" | "5xx" | "403" | "pass";
  malformed: boolean;
  spec: FaultSpec;
}

interface FaultRule {
  pattern: RoutePattern;
  test: (key: string) => boolean;
  spec: FaultSpec;
  random: Random;
  remaining: number | undefined;
}

function compilePattern(pattern: RoutePattern): (key: string) => boolean {
  if (pattern instanceof RegExp)
    return (key) => new RegExp(pattern.source, pattern.flags.replace("g", "")).test(key);
  const trimmed = pattern.trim();
  const hasMethod = /^[A-Z]+\s/.test(trimmed);
  const body = trimmed
    .split(/(\*|\{\w+\})/)
    .map((part) =>
      part === "*"
        ? ".*"
        : /^\{\w+\}$/.test(part)
          ? "[^/]+"
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("")
    .replace(/\s+/g, " ");
  const regex = new RegExp(hasMethod ? `^${body}$` : `^[A-Z]+ ${body}$`);
  return (key) => regex.test(key);
}

const share = (value: number | boolean | undefined): number =>
  value === true ? 1 : typeof value === "number" ? Math.min(1, Math.max(0, value)) : 0;

export class Faults {
  private rules: FaultRule[] = [];
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed;
  }

  /** Replaces the rule of the same pattern and the same store (or the same lack of one). */
  set(pattern: RoutePattern, spec: FaultSpec): void {
    this.rules = this.rules.filter(
      (r) => String(r.pattern) !== String(pattern) || r.spec.store !== spec.store,
    );
    // The unlimited rule's stream stays what it was before stores existed: runs stay reproducible.
    const streamSeed =
      spec.store === undefined
        ? hashSeed(this.seed, "fault", String(pattern))
        : hashSeed(this.seed, "fault", String(pattern), spec.store);
    this.rules.push({
      pattern,
      test: compilePattern(pattern),
      spec: { ...spec },
      random: createRandom(streamSeed),
      remaining: spec.times,
    });
  }

  /** Removes the rules of that pattern (for every store), or every rule. */
  clear(pattern?: RoutePattern): void {
    if (pattern === undefined) {
      this.rules = [];
      return;
    }
    this.rules = this.rules.filter((r) => String(r.pattern) !== String(pattern));
  }

  list(): Array<{ pattern: string; spec: FaultSpec; remaining: number | undefined }> {
    return this.rules.map((r) => ({
      pattern: String(r.pattern),
      spec: { ...r.spec },
      remaining: r.remaining,
    }));
  }

  /**
   * What happens to this request; undefined when no rule matches. `storeIds` are the Seller and
   * Performance client ids of the store it reached (none when its credentials match no store).
   */
  decide(
    method: string,
    path: string,
    storeIds: readonly string[] = [],
  ): FaultDecision | undefined {
    const key = `${method} ${path}`;
    const applies = (r: FaultRule) => r.spec.store === undefined || storeIds.includes(r.spec.store);
    const rule = [...this.rules].reverse().find((r) => applies(r) && r.test(key));
    if (!rule) return undefined;
    if (rule.remaining !== undefined) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    }
    // Always draw the same numbers so one kind of fault does not shift the others' sequence.
    const draw429 = rule.random.next();
    const draw5xx = rule.random.next();
    const drawMalformed = rule.random.next();
    // Drawn only by rules that ask for 403s, so the older rules keep their exact sequence.
    const draw403 = rule.spec.rate403 === undefined ? 1 : rule.random.next();
    const outcome =
      draw429 < share(rule.spec.rate429)
        ? "429"
        : draw5xx < share(rule.spec.rate5xx)
          ? "5xx"
          : draw403 < share(rule.spec.rate403)
            ? "403"
            : "pass";
    return {
      latencyMs: Math.max(0, rule.spec.latencyMs ?? 0),
      outcome,
      malformed: drawMalformed < share(rule.spec.malformed),
      spec: rule.spec,
    };
  }
}

/** Spoils a successful body: cut JSON in half, or give its first top-level field a wrong type. */
export function spoilBody(
  body: string | Uint8Array,
  contentType: string,
  kind: FaultSpec["malformedKind"],
): string | Uint8Array {
  const isJson = contentType.includes("json");
  if (!isJson) {
    const bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body);
    return new Uint8Array(bytes.subarray(0, Math.floor(bytes.length / 3)));
  }
  const text = typeof body === "string" ? body : Buffer.from(body).toString("utf8");
  if (kind === "wrong-shape") {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const record = value as Record<string, unknown>;
        const key = "result" in record ? "result" : Object.keys(record)[0];
        if (key !== undefined) {
          record[key] = wrongTypeFor(record[key]);
          return JSON.stringify(record);
        }
      }
      return JSON.stringify({ unexpected: value });
    } catch {
      // fall through to cutting
    }
  }
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

function wrongTypeFor(value: unknown): unknown {
  if (typeof value === "string") return 12345;
  if (typeof value === "number" || typeof value === "boolean") return "unexpected";
  if (Array.isArray(value)) return { unexpected: true };
  return "unexpected";
}
