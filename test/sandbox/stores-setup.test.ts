import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SANDBOX_CREDENTIALS } from "../../src/config.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { waitFor } from "../support/wait.ts";
import { control, seller } from "./helpers.ts";

const cli = fileURLToPath(new URL("../../src/sandbox/cli.ts", import.meta.url));

/** All a store shows, with the sandbox's own URL (in chat file links) taken out. */
const everything = (sb: Sandbox, index = 0) => {
  const c = sb.stores[index]?.control;
  const shown = { snapshot: c?.snapshot(), products: c?.products(), warehouses: c?.warehouses() };
  return JSON.parse(JSON.stringify(shown).replaceAll(sb.url, "<url>")) as unknown;
};

async function withSandbox<T>(
  options: Parameters<typeof startSandbox>[0],
  use: (sb: Sandbox) => Promise<T>,
): Promise<T> {
  const sb = await startSandbox(options);
  try {
    return await use(sb);
  } finally {
    await sb.close();
  }
}

describe("default: one store, as before", () => {
  it("has one store, Северный, with SANDBOX_CREDENTIALS, whatever other stores exist", async () => {
    const now = () => Date.UTC(2026, 3, 20, 12);
    await withSandbox({ seed: 5, now }, async (single) => {
      expect(single.stores).toHaveLength(1);
      expect(single.stores[0]?.name).toBe("Северный");
      expect(single.credentials).toEqual(SANDBOX_CREDENTIALS);
      await withSandbox({ seed: 5, now, stores: 3 }, async (three) => {
        // Store 1 of many is exactly the store a single-store sandbox has.
        expect(everything(three)).toEqual(everything(single));
        expect(everything(three, 1)).not.toEqual(everything(single));
      });
    });
  });

  it("refuses a store count out of range", async () => {
    for (const stores of [0, -1, 1.5, 101]) {
      await expect(startSandbox({ stores })).rejects.toThrow(/stores must be/);
    }
  });

  it("names stores beyond the fifth Магазин 6, Магазин 7", async () => {
    await withSandbox({ stores: 7, initialChats: 1, initialPostings: 1 }, async (sb) => {
      expect(sb.stores.map((s) => s.name)).toEqual([
        "Северный",
        "Южный",
        "Восточный",
        "Западный",
        "Центральный",
        "Магазин 6",
        "Магазин 7",
      ]);
      expect(sb.stores[6]?.credentials.sellerApiKey).toBe("sandbox-api-key-7");
    });
  });
});

describe("HTTP control of a store", () => {
  it("addresses a store with ?store=<clientId>, store 1 without it", async () => {
    await withSandbox({ seed: 8, stores: 2 }, async (sb) => {
      const south = sb.stores[1];
      const info = await control(sb, "GET", "/");
      expect(info.json.credentials).toEqual(SANDBOX_CREDENTIALS);
      expect(info.json.stores.map((s: { name: string }) => s.name)).toEqual(["Северный", "Южный"]);
      expect((await control(sb, "GET", "/stores")).json[1].credentials).toEqual(south?.credentials);

      const numbers = (list: Array<{ postingNumber: string }>) => list.map((p) => p.postingNumber);
      const mine = await control(sb, "GET", "/postings?store=sandbox-client-2");
      expect(numbers(mine.json)).toEqual(numbers(south?.control.postings() ?? []));
      expect(numbers((await control(sb, "GET", "/postings")).json)).toEqual(
        numbers(sb.control.postings()),
      );
      const byPerformanceId = await control(
        sb,
        "GET",
        "/campaigns?store=sandbox-performance-client-2",
      );
      expect(byPerformanceId.json.map((c: { id: string }) => c.id)).toEqual(
        south?.control.campaigns().map((c) => c.id),
      );

      const added = await control(sb, "POST", "/postings?store=sandbox-client-2", {});
      expect(south?.control.posting(added.json.postingNumber)).toBeDefined();
      expect(sb.control.posting(added.json.postingNumber)).toBeUndefined();

      const unknown = await control(sb, "GET", `/postings?store=${"x".repeat(5000)}`);
      expect(unknown.status).toBe(404);
      expect(unknown.text.length).toBeLessThan(300);
    });
  });

  it("limits a fault set with ?store= to that store", async () => {
    await withSandbox({ seed: 9, stores: 2 }, async (sb) => {
      const south = sb.stores[1]?.credentials ?? SANDBOX_CREDENTIALS;
      const set = await control(sb, "POST", "/faults?store=sandbox-client-2", {
        route: "/v2/warehouse/list",
        rate5xx: 1,
      });
      expect(set.status).toBe(200);
      expect(set.json[0].spec.store).toBe("sandbox-client-2");
      const as = (c: typeof south) => ({
        "Client-Id": c.sellerClientId,
        "Api-Key": c.sellerApiKey,
        "Content-Type": "application/json",
      });
      expect((await seller(sb, "/v2/warehouse/list", { limit: 200 }, as(south))).status).toBe(500);
      expect((await seller(sb, "/v2/warehouse/list", { limit: 200 })).status).toBe(200);
      const badStore = await control(sb, "POST", "/faults", {
        route: "/v2/warehouse/list",
        rate5xx: 1,
        store: "sandbox-client-9",
      });
      expect(badStore.status).toBe(404);
    });
  });
});

describe("scale", () => {
  // How fast (the 2 s target) is bench/sandbox-scale.ts: a speed figure, not a test.
  it("creates 20 stores × 200 chats × 100 awaiting postings, the last store served too", async () => {
    await withSandbox({ stores: 20, initialChats: 200, initialPostings: 100 }, async (sb) => {
      const last = sb.stores[19];
      expect(last?.control.chats()).toHaveLength(201);
      expect(
        last?.control.postings().filter((p) => p.status === "awaiting_packaging"),
      ).toHaveLength(100);
      const res = await seller(
        sb,
        "/v4/posting/fbs/unfulfilled/list",
        // The documents' most a page.
        { limit: 100 },
        {
          "Client-Id": "sandbox-client-20",
          "Api-Key": "sandbox-api-key-20",
          "Content-Type": "application/json",
        },
      );
      expect(res.status).toBe(200);
      expect(res.json.postings).toHaveLength(100);
    });
  });
});

describe("npm run sandbox -- --stores 2", () => {
  it("prints every store's name and credentials and serves each", async () => {
    const child = spawn(process.execPath, [cli, "--port", "0", "--stores", "2"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    try {
      const url = await waitFor(
        () =>
          output.includes("Stop with") &&
          /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1],
        { timeoutMs: 10_000, message: "the sandbox URL" },
      );
      for (const text of [
        "Северный",
        "Южный",
        SANDBOX_CREDENTIALS.sellerApiKey,
        SANDBOX_CREDENTIALS.performanceClientSecret,
        "sandbox-client-2",
        "sandbox-api-key-2",
        "sandbox-performance-client-2",
        "sandbox-performance-secret-2",
      ]) {
        expect(output).toContain(text);
      }
      const res = await fetch(`${url}/v2/warehouse/list`, {
        method: "POST",
        headers: { "Client-Id": "sandbox-client-2", "Api-Key": "sandbox-api-key-2" },
        body: '{"limit":200}',
      });
      expect(res.status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });

  it("refuses --stores 0", async () => {
    const child = spawn(process.execPath, [cli, "--stores", "0"], { stdio: "ignore" });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).toBe(2);
  });
});
