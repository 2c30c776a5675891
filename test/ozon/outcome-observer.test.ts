/**
 * The request core tells an observer how each authenticated call ended for the keys: any 2xx is
 * "ok", a refusal of the keys (401/403) is "refused"; other failures say nothing about the keys.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OzonAuthError } from "../../src/ozon/errors.ts";
import { createPerformanceClient, type KeysVerdict } from "../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { sandboxSeller } from "../support/sandbox-seller.ts";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("the outcome observer", () => {
  it("sees ok, refused, and nothing for a server error", async () => {
    sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
    const seen: KeysVerdict[] = [];
    const seller = sandboxSeller(sandbox, {
      retry: { maxAttempts: 1 },
      observer: (outcome, service) => {
        expect(service).toBe("seller");
        seen.push(outcome);
      },
    });
    // A read asked anew each time (the warehouse list is kept for a minute).
    const sku = String(sandbox.control.products()[0]?.sku);
    const read = () => seller.stock.stocksByWarehouse({ skus: [sku] });
    const path = "/v2/product/info/stocks-by-warehouse/fbs";
    try {
      await read();
      sandbox.control.setFault(path, { rate403: 1, times: 1 });
      await expect(read()).rejects.toBeInstanceOf(OzonAuthError);
      sandbox.control.setFault(path, { rate5xx: 1, times: 1 });
      await expect(read()).rejects.toMatchObject({ status: 500 });
      expect(seen).toEqual(["ok", "refused"]);
    } finally {
      await seller.close();
    }
  });

  it("counts the Performance token request: wrong secret is refused", async () => {
    sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
    const seen: KeysVerdict[] = [];
    const performance = createPerformanceClient({
      baseUrl: sandbox.performanceUrl,
      clientId: sandbox.credentials.performanceClientId,
      clientSecret: "not-the-secret",
      retry: { maxAttempts: 1 },
      observer: (outcome) => seen.push(outcome),
    });
    try {
      await expect(performance.token.token()).rejects.toBeInstanceOf(OzonAuthError);
      expect(seen).toEqual(["refused"]);
    } finally {
      await performance.close();
    }
  });

  it("never lets a failing observer fail the call", async () => {
    sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
    const seller = sandboxSeller(sandbox, {
      observer: () => {
        throw new Error("observer broke");
      },
    });
    try {
      await expect(seller.warehouses.list()).resolves.toBeDefined();
    } finally {
      await seller.close();
    }
  });
});
