import { SANDBOX_CREDENTIALS } from "../../src/config.ts";
import type { Sandbox } from "../../src/sandbox/index.ts";

export const SELLER_HEADERS = {
  "Client-Id": SANDBOX_CREDENTIALS.sellerClientId,
  "Api-Key": SANDBOX_CREDENTIALS.sellerApiKey,
  "Content-Type": "application/json",
};

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** JSON.parse of the text (numbers above 2^53 lose digits: check ids in `text`). */
  // biome-ignore lint/suspicious/noExplicitAny: tests walk arbitrary answer shapes and assert on them.
  json: any;
  bytes: Uint8Array;
}

async function answer(response: Response): Promise<Answer> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, bytes };
}

/** POST to the Seller API with the sandbox credentials (or the given headers). */
export async function seller(
  sb: Sandbox,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = SELLER_HEADERS,
): Promise<Answer> {
  const response = await fetch(`${sb.sellerUrl}${path}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return answer(response);
}

export async function getToken(sb: Sandbox): Promise<string> {
  const response = await fetch(`${sb.performanceUrl}/api/client/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      client_id: SANDBOX_CREDENTIALS.performanceClientId,
      client_secret: SANDBOX_CREDENTIALS.performanceClientSecret,
      grant_type: "client_credentials",
    }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** A Performance API call with the token in the `Token` header (or `Authorization: Bearer`). */
export async function perf(
  sb: Sandbox,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; bearer?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.token) {
    if (options.bearer) headers.Authorization = `Bearer ${options.token}`;
    else headers.Token = options.token;
  }
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${sb.performanceUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return answer(response);
}

export async function control(
  sb: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${sb.url}/_sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer(response);
}

/** All `"key":<bare integer>` values of the raw JSON text, digits exact. */
export function bareIntegers(text: string, key: string): string[] {
  return [...text.matchAll(new RegExp(`"${key}":(\\d+)`, "g"))].map((m) => m[1] as string);
}
