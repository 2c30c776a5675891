/**
 * The request core tells an observer how each authenticated call ended for the keys: any 2xx is
 * "ok", a refusal of the keys (401/403) is "refused"; other failures say nothing about the keys.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OzonAuthError } from "../../src/ozon/errors.ts";
import { createPerformanceClient, type KeysVerdict } from "../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { sandboxSeller } from "../support/sandbox-seller.ts";
import { captureLogger } from "./support/logger.ts";

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
    const { logger, lines } = captureLogger();
    const told: KeysVerdict[] = [];
    const seller = sandboxSeller(sandbox, {
      retry: { maxAttempts: 1 },
      logger,
      observer: (outcome) => {
        told.push(outcome);
        throw new Error("observer broke");
      },
    });
    const broke = (line: Record<string, unknown>) =>
      line.msg === "an Ozon outcome observer failed" &&
      (line.err as { message?: string } | undefined)?.message === "observer broke";
    try {
      // The observer was told and threw; the call still gives Ozon's whole answer.
      const listed = await seller.warehouses.list();
      expect(told).toEqual(["ok"]);
      expect(listed.map((w) => w.id).sort()).toEqual(
        sandbox.control
          .warehouses()
          .map((w) => String(w.id))
          .sort(),
      );
      // A refusal of the keys still fails as Ozon's refusal, not as the observer's error.
      const sku = String(sandbox.control.products()[0]?.sku);
      sandbox.control.setFault("/v2/product/info/stocks-by-warehouse/fbs", {
        rate403: 1,
        times: 1,
      });
      await expect(seller.stock.stocksByWarehouse({ skus: [sku] })).rejects.toBeInstanceOf(
        OzonAuthError,
      );
      expect(told).toEqual(["ok", "refused"]);
      // Each failure of the observer is logged, not lost.
      expect(lines.filter(broke)).toHaveLength(2);
    } finally {
      await seller.close();
    }
  });
});
