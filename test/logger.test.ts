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
});
