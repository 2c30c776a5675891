/**
 * The Performance API token: fetched once, cached, renewed shortly before `expires_in` runs out
 * and once after a 401. Concurrent callers share one token request.
 * Tests: none directly
 */

import { type Clock, systemClock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { OzonAuth } from "../endpoint.ts";
import type { OzonHttp } from "../http.ts";
import { tokenEndpoint } from "./endpoints/token.ts";

export interface TokenProviderOptions {
  /** A core without auth, pointed at the Performance base URL. */
  http: OzonHttp;
  clientId: string;
  clientSecret: string;
  clock?: Clock;
  /** Renew this long before expiry (capped at a tenth of the lifetime). Default 60 s. */
  renewBeforeSeconds?: number;
  logger?: Logger | undefined;
}

interface Cached {
  token: string;
  /** When to fetch a new one (already before the real expiry). */
  renewAt: number;
}

export class PerformanceToken implements OzonAuth {
  readonly #options: TokenProviderOptions;
  readonly #clock: Clock;
  #cached: Cached | undefined;
  #pending: Promise<Cached> | undefined;
  /** How many tokens were fetched (tests and diagnostics). */
  fetched = 0;

  constructor(options: TokenProviderOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  async token(signal?: AbortSignal): Promise<string> {
    const cached = this.#cached;
    if (cached && this.#clock.now() < cached.renewAt) return cached.token;
    // The shared request ignores any one caller's signal: others wait on it too.
    signal?.throwIfAborted();
    return (await this.#fetchShared()).token;
  }

  async headers(signal?: AbortSignal): Promise<Record<string, string>> {
    const token = await this.token(signal);
    // The spec names the Token header; the live service documents the bearer form. Send both.
    return { Token: token, Authorization: `Bearer ${token}` };
  }

  /** After a 401: drop the refused token (unless someone already replaced it) and get another. */
  async renew(refused: Record<string, string>, signal?: AbortSignal): Promise<boolean> {
    if (this.#cached && this.#cached.token === refused.Token) this.#cached = undefined;
    await this.token(signal);
    return true;
  }

  secrets(): readonly string[] {
    return this.#cached
      ? [this.#options.clientSecret, this.#cached.token]
      : [this.#options.clientSecret];
  }

  #fetchShared(): Promise<Cached> {
    if (!this.#pending) {
      this.#pending = this.#fetch().finally(() => {
        this.#pending = undefined;
      });
    }
    return this.#pending;
  }

  async #fetch(): Promise<Cached> {
    const requestedAt = this.#clock.now();
    const answer = await this.#options.http.call(tokenEndpoint, {
      body: {
        client_id: this.#options.clientId,
        client_secret: this.#options.clientSecret,
        grant_type: "client_credentials",
      },
    });
    this.fetched++;
    const lifetimeMs = Math.max(0, answer.expires_in) * 1000;
    const marginMs = Math.min((this.#options.renewBeforeSeconds ?? 60) * 1000, lifetimeMs / 10);
    const cached = { token: answer.access_token, renewAt: requestedAt + lifetimeMs - marginMs };
    this.#cached = cached;
    this.#options.logger?.debug(
      { expiresInSeconds: answer.expires_in },
      "Ozon Performance token obtained",
    );
    return cached;
  }
}
