/** Tests: test/server/webhook.test.ts */
import type { Store } from "../store/port.ts";
import { type Route, sendJson } from "./http.ts";

export interface HealthReport {
  ok: boolean;
  store: "up" | "down";
}

const PING_TIMEOUT_MS = 2_000;

export async function checkHealth(store: Pick<Store, "ping">): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const up = await Promise.race([store.ping().catch(() => false), timeout]).finally(() =>
    clearTimeout(timer),
  );
  return { ok: up, store: up ? "up" : "down" };
}

/** GET /healthz: 200 `{ ok: true, store: "up" }`, or 503 when the store does not answer. */
export function healthRoute(store: Pick<Store, "ping">): Route {
  return {
    method: "GET",
    path: "/healthz",
    async handle(_req, res) {
      const report = await checkHealth(store);
      sendJson(res, report.ok ? 200 : 503, report);
    },
  };
}
