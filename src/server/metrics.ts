/**
 * GET /metrics in the Prometheus text format, only when METRICS_TOKEN is set, and then only for
 * `Authorization: Bearer <token>` (compared in constant time). prom-client is loaded here, at
 * start and only then, so a bot without metrics never carries it.
 *
 * Also here: the count of Ozon pushes by the answer the push receiver gave.
 * Tests: test/server/metrics.test.ts, test/bot/status/method-gone.test.ts
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { MetricSources } from "../services/health/prometheus.ts";
import type { Vitals } from "../services/health/vitals.ts";
import type { Route } from "./http.ts";

export const METRICS_PATH = "/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The /metrics route for `token`. */
export async function metricsRoute(token: string, sources: MetricSources): Promise<Route> {
  const { createMetricsRegistry } = await import("../services/health/prometheus.ts");
  const registry = createMetricsRegistry(sources);
  // Digests of equal length: the comparison takes as long whatever was sent.
  const expected = digest(`Bearer ${token}`);
  return {
    method: "GET",
    path: METRICS_PATH,
    async handle(req, res) {
      const given = digest(String(req.headers.authorization ?? ""));
      if (!timingSafeEqual(given, expected)) {
        res.writeHead(401, {
          "content-type": "text/plain; charset=utf-8",
          "www-authenticate": 'Bearer realm="metrics"',
        });
        res.end("unauthorized\n");
        return;
      }
      const body = await registry.metrics();
      res.writeHead(200, {
        "content-type": registry.contentType,
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    },
  };
}

/** The push receiver's route, its answers counted: accepted, duplicate (409) or refused. */
export function countedPushRoute(route: Route, vitals: Vitals): Route {
  return {
    ...route,
    async handle(req, res) {
      try {
        await route.handle(req, res);
      } finally {
        const status = res.statusCode;
        vitals.push(status < 300 ? "accepted" : status === 409 ? "duplicate" : "refused");
      }
    },
  };
}
