/** OZON_STORES and the single-store variables: shops from the environment, and clear problems. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";

const TOKEN = "123456789:AAHsecretsecretsecretsecretsecret_xyz";
const KEY_A = "key-aaaaaaaa-secret";
const KEY_B = "key-bbbbbbbb-secret";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ BOT_TOKEN: TOKEN, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

const stores = (value: unknown) => ({ OZON_STORES: JSON.stringify(value) });

describe("Ozon stores from the environment", () => {
  it("reads OZON_STORES with optional Performance keys per store", () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      ...stores([
        {
          name: "  Северный  ",
          clientId: "111",
          apiKey: KEY_A,
          performanceClientId: "p-1",
          performanceClientSecret: "ps-1",
        },
        { name: "Южный", clientId: "222", apiKey: KEY_B },
      ]),
    });
    expect(config.ozon.sandbox).toBe(false);
    expect(config.ozon.shops).toEqual([
      {
        id: "111",
        name: "Северный",
        seller: { clientId: "111", apiKey: KEY_A },
        performance: { clientId: "p-1", clientSecret: "ps-1" },
      },
      { id: "222", name: "Южный", seller: { clientId: "222", apiKey: KEY_B } },
    ]);
  });

  it("keeps the single-store variables as one store, named by OZON_STORE_NAME", () => {
    const named = loadConfig({
      BOT_TOKEN: TOKEN,
      OZON_CLIENT_ID: "42",
      OZON_API_KEY: KEY_A,
      OZON_STORE_NAME: "Мой магазин",
    });
    expect(named.ozon.shops).toEqual([
      { id: "42", name: "Мой магазин", seller: { clientId: "42", apiKey: KEY_A } },
    ]);
    const advertisingOnly = loadConfig({
      BOT_TOKEN: TOKEN,
      OZON_PERFORMANCE_CLIENT_ID: "perf-7",
      OZON_PERFORMANCE_CLIENT_SECRET: "secret-7",
    });
    expect(advertisingOnly.ozon.shops).toEqual([
      {
        id: "perf-7",
        name: "Ozon perf-7",
        performance: { clientId: "perf-7", clientSecret: "secret-7" },
      },
    ]);
  });

  it("refuses both forms at once, naming the variables", () => {
    const problems = problemsOf({
      ...stores([{ name: "A", clientId: "1", apiKey: KEY_A }]),
      OZON_CLIENT_ID: "2",
      OZON_API_KEY: KEY_B,
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("OZON_STORES and OZON_CLIENT_ID, OZON_API_KEY are both set");
    expect(problems.join()).not.toContain(KEY_B);
  });

  it("names the store, never the key, for each mistake", () => {
    const problems = problemsOf(
      stores([
        { name: "Северный", clientId: "111", apiKey: KEY_A },
        { name: "Южный", clientId: "111", apiKey: KEY_B },
        { name: "", clientId: "333", apiKey: KEY_B },
        { name: "Без ключа", clientId: "444" },
        { name: "x".repeat(500), clientId: "555", apiKey: KEY_B },
        { name: "Реклама", clientId: "666", apiKey: KEY_B, performanceClientId: "p" },
      ]),
    );
    expect(problems).toEqual([
      "OZON_STORES store 2 (Южный) has the same clientId as store 1 (Северный)",
      "OZON_STORES store 3: name must not be empty",
      "OZON_STORES store 4 (Без ключа): apiKey is required",
      "OZON_STORES store 5: name must be at most 40 characters",
      "OZON_STORES store 6 (Реклама): performanceClientId and performanceClientSecret must be set together",
    ]);
    expect(problems.join("\n")).not.toContain(KEY_A);
    expect(problems.join("\n")).not.toContain(KEY_B);
  });

  it("says plainly when OZON_STORES is not JSON, without quoting it", () => {
    const broken = `[{"name": "A", "clientId": "1", "apiKey": "${KEY_A}"`;
    const problems = problemsOf({ OZON_STORES: broken });
    expect(problems).toEqual(["OZON_STORES is not valid JSON (expected [{...}, ...])"]);
    expect(problemsOf({ OZON_STORES: "{}" })).toEqual([
      "OZON_STORES must be a non-empty JSON array of stores",
    ]);
    expect(problemsOf({ OZON_STORES: "[]" })).toEqual([
      "OZON_STORES must be a non-empty JSON array of stores",
    ]);
  });

  it("refuses two stores of one name and OZON_STORE_NAME beside OZON_STORES", () => {
    expect(
      problemsOf({
        ...stores([
          { name: "Склад", clientId: "1", apiKey: KEY_A },
          { name: "склад", clientId: "2", apiKey: KEY_B },
        ]),
      }),
    ).toEqual(['OZON_STORES: two stores are named "склад" (store 1)']);
    expect(
      problemsOf({
        ...stores([{ name: "A", clientId: "1", apiKey: KEY_A }]),
        OZON_STORE_NAME: "B",
      }),
    ).toEqual(["OZON_STORE_NAME names the single store; in OZON_STORES give each a name"]);
  });

  it("reads SANDBOX_STORES and SECRETS_KEY", () => {
    const key = Buffer.alloc(32, 9).toString("base64");
    const config = loadConfig({ BOT_TOKEN: TOKEN, SANDBOX_STORES: "3", SECRETS_KEY: key });
    expect(config.ozon.sandboxStores).toBe(3);
    expect(config.secretsKey?.equals(Buffer.alloc(32, 9))).toBe(true);
    const problems = problemsOf({ SANDBOX_STORES: "0", SECRETS_KEY: "c2hvcnQ=" });
    expect(problems).toEqual([
      "SANDBOX_STORES must be at least 1",
      "SECRETS_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)",
    ]);
    expect(problems.join()).not.toContain("c2hvcnQ=");
  });
});
