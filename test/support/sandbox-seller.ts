/**
 * A Seller client for the sandbox's shop, as tests and benchmarks build it: without the
 * client-side rate limits (nothing here should wait for them: neither the per-second one nor the
 * pace of stock requests), unless `options` say otherwise.
 *
 * ```ts
 * const seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
 * ```
 */
import {
  createSellerClient,
  type SellerClient,
  type SellerClientOptions,
} from "../../src/ozon/seller/client.ts";
import type { Sandbox } from "../../src/sandbox/index.ts";

export function sandboxSeller(
  sandbox: Sandbox,
  options: Omit<SellerClientOptions, "baseUrl" | "clientId" | "apiKey"> = {},
): SellerClient {
  return createSellerClient({
    baseUrl: sandbox.sellerUrl,
    clientId: sandbox.credentials.sellerClientId,
    apiKey: sandbox.credentials.sellerApiKey,
    limiter: null,
    stockLimiter: null,
    ...options,
  });
}
