/** Tests: none directly */
import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { fail, jsonReply, performanceError, type SandboxRequest } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";

/** The token request's fields, from a form or a JSON body. */
export function tokenRequest(req: SandboxRequest): Record<string, unknown> {
  const type = String(req.headers["content-type"] ?? "");
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(req.rawBody.toString("utf8")));
  }
  const body = req.json();
  return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
}

export function tokenRoute(state: SandboxState): Route {
  return {
    method: "POST",
    pattern: "/api/client/token",
    service: "performance",
    auth: "none",
    handle(req) {
      const body = tokenRequest(req);
      if (body.grant_type !== "client_credentials") {
        fail(performanceError(400, "unsupported grant_type: expected client_credentials"));
      }
      const { performanceClientId, performanceClientSecret } = state.settings.credentials;
      if (
        body.client_id !== performanceClientId ||
        body.client_secret !== performanceClientSecret
      ) {
        fail(performanceError(401, "invalid client_id or client_secret"));
      }
      const token = `sbx.${randomBytes(24).toString("base64url")}`;
      const ttl = state.settings.tokenTtlSeconds;
      const now = state.now();
      // Dead tokens go, so a sandbox that runs for weeks does not keep every token it issued.
      for (const [old, expiresAt] of state.tokens) if (expiresAt <= now) state.tokens.delete(old);
      state.tokens.set(token, now + ttl * 1000);
      return jsonReply({ access_token: token, expires_in: ttl, token_type: "Bearer" });
    },
  };
}

/** The tokens a request carries: `Token: <t>` and `Authorization: Bearer <t>`. */
export function tokenCandidates(headers: IncomingHttpHeaders): string[] {
  const candidates: string[] = [];
  const direct = headers.token;
  if (typeof direct === "string" && direct.trim()) candidates.push(direct.trim());
  const bearer = /^Bearer\s+(.+)$/i.exec(String(headers.authorization ?? ""));
  if (bearer?.[1]) candidates.push(bearer[1].trim());
  return candidates;
}

/** An error text when the request carries no live token of this store. */
export function checkToken(state: SandboxState, headers: IncomingHttpHeaders): string | undefined {
  const candidates = tokenCandidates(headers);
  if (candidates.length === 0) return "unauthorized: no access token";
  const now = state.now();
  const valid = candidates.some((token) => (state.tokens.get(token) ?? 0) > now);
  return valid ? undefined : "unauthorized: access token is invalid or expired";
}

export function expireTokens(state: SandboxState): void {
  for (const token of state.tokens.keys()) state.tokens.set(token, 0);
}
