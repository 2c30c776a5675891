import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.ts";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, destination };
}

const BOT_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const API_KEY = "0d3a9c1e-4f5b-4c6d-8e7f-abcdefabcdef";

describe("logger", () => {
  it("never writes secrets, by key or inside text", () => {
    const { lines, destination } = capture();
    const log = createLogger({ level: "debug", secrets: [API_KEY], destination });
    log.info({ headers: { "Api-Key": API_KEY, "Client-Id": "42" }, botToken: BOT_TOKEN }, "sent");
    log.info({ config: { clientSecret: "s3cr3t-value" } }, "config");
    log.warn(`GET https://api.telegram.org/bot${BOT_TOKEN}/getMe failed with key ${API_KEY}`);
    log.error({ err: new Error(`request with ${API_KEY} failed`) }, "boom");
    log.info({ nested: { deeper: { url: `https://x/bot${BOT_TOKEN}/file` } } }, "nested");
    const text = lines.join("");
    expect(lines).toHaveLength(5);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(BOT_TOKEN);
    expect(text).not.toContain("s3cr3t-value");
    expect(text).toContain('"Client-Id":"42"');
    expect(text).toContain("[redacted]");
    expect(text).toContain("[bot token]");
  });

  it("masks secrets however deep they sit, and keeps dates and URLs readable", () => {
    const { lines, destination } = capture();
    const log = createLogger({ secrets: [API_KEY], destination });
    const deep = { a: { b: { c: { d: { e: { f: { g: `key ${API_KEY}` } } } } } } };
    log.info({ deep }, "deep");
    const circular: Record<string, unknown> = { note: API_KEY };
    circular.self = circular;
    log.info({ circular }, "circular");
    const cause = new Error(`connect failed with ${API_KEY}`);
    log.error({ err: new Error("request failed", { cause }) }, "with cause");
    log.info(
      { at: new Date(Date.UTC(2026, 5, 15)), link: new URL(`https://x.test/f?key=${API_KEY}`) },
      "types",
    );
    const text = lines.join("");
    expect(lines).toHaveLength(4);
    expect(text).not.toContain(API_KEY);
    expect(text).toContain("connect failed with [secret]");
    expect(text).toContain('"at":"2026-06-15T00:00:00.000Z"');
    expect(text).toContain('"link":"https://x.test/f?key=[secret]"');
  });

  it("masks the password of any URL with credentials (REDIS_URL), in text and in fields", () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination });
    log.warn("cannot reach redis://:hunter2-pass@cache.local:6379/0, retrying");
    log.info({ store: { redisUrl: "rediss://bot:hunter2-pass@cache.local" } }, "store");
    const text = lines.join("");
    expect(text).not.toContain("hunter2-pass");
    expect(text).toContain("redis://:***@cache.local:6379/0");
    expect(text).toContain("rediss://bot:***@cache.local");
    log.warn("cannot reach redis://hunter2-token@cache.local:6379");
    expect(lines.join("")).not.toContain("hunter2-token");
    expect(lines.join("")).toContain("redis://***@cache.local:6379");
  });

  it("masks an error's message where pino makes it the line's msg, and child bindings", () => {
    const { lines, destination } = capture();
    const log = createLogger({ secrets: [API_KEY], destination });
    log.error(new Error(`refused ${API_KEY}`));
    log.error({ err: new Error(`refused again ${API_KEY}`) });
    log.child({ request: `GET /x?key=${API_KEY}` }).info("child");
    const text = lines.join("");
    expect(lines).toHaveLength(3);
    expect(text).not.toContain(API_KEY);
    expect(text).toContain('"msg":"refused [secret]"');
    expect(text).toContain('"msg":"refused again [secret]"');
    expect(text).toContain('"request":"GET /x?key=[secret]"');
  });
});
