import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";

const TOKEN = "123456789:AAHsecretsecretsecretsecretsecret_xyz";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ BOT_TOKEN: TOKEN, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("push settings", () => {
  it("default to /ozon/push, any source, no proxy", () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).push).toEqual({
      path: "/ozon/push",
      allow: [],
      trustProxy: false,
    });
  });

  it("read Ozon's networks and the proxy switch", () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      OZON_PUSH_PATH: "/hooks/ozon",
      OZON_PUSH_ALLOW: "195.34.21.0/24, 185.73.192.0/22;91.223.93.0/24 2001:db8::/32",
      TRUST_PROXY: "1",
    });
    expect(config.push).toEqual({
      path: "/hooks/ozon",
      allow: ["195.34.21.0/24", "185.73.192.0/22", "91.223.93.0/24", "2001:db8::/32"],
      trustProxy: true,
    });
  });

  it("name what is wrong", () => {
    expect(problemsOf({ OZON_PUSH_ALLOW: "195.34.21.0/33" })).toEqual([
      'OZON_PUSH_ALLOW "195.34.21.0/33" is not a network such as 195.34.21.0/24',
    ]);
    expect(problemsOf({ OZON_PUSH_PATH: "ozon" })).toEqual([
      "OZON_PUSH_PATH must be a path such as /ozon/push",
    ]);
    expect(problemsOf({ OZON_PUSH_PATH: "/healthz" })).toEqual([
      "OZON_PUSH_PATH must not be /healthz (the health check)",
    ]);
    expect(
      problemsOf({
        BOT_MODE: "webhook",
        WEBHOOK_URL: "https://bot.example/hook",
        OZON_PUSH_PATH: "/hook",
      }),
    ).toEqual(["OZON_PUSH_PATH must differ from the path of WEBHOOK_URL"]);
  });
});
