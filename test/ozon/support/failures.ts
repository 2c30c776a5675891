/**
 * Ozon failures as the request core makes them: each answer below is a body Ozon (or the project's
 * sandbox, which copies it) really sends, served over HTTP on 127.0.0.1, or a real fault (a closed
 * port, an answer that never comes). Shared by the tests of the classification and of the texts
 * each area makes of it.
 */
import { z } from "zod";
import { endpoint, headerAuth } from "../../../src/ozon/endpoint.ts";
import type { OzonFailureKind } from "../../../src/ozon/errors.ts";
import { OzonHttp } from "../../../src/ozon/http.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { type Handler, send, startServer } from "./server.ts";

const ship = endpoint({
  method: "POST",
  path: "/v4/posting/fbs/ship",
  request: z.object({ posting_number: z.string().min(1) }),
  response: z.object({ result: z.array(z.string()) }),
  safe: false,
  // As the real one: a 404 here is about the posting it names.
  subject: "posting",
});

/** A method that names nothing Ozon could not know: a 404 there is about the method itself. */
const warehouses = endpoint({
  method: "POST",
  path: "/v2/warehouse/list",
  request: z.object({ limit: z.number() }),
  response: z.object({ warehouses: z.array(z.object({ warehouse_id: z.string() })) }),
  safe: true,
});

/** What the test server does instead of answering. */
type Fault = "closed port" | "no answer" | "empty posting number";

export interface FailureCase {
  name: string;
  kind: OzonFailureKind;
  answer: Handler | Fault;
  /** The method asked: the ship (a posting's, the default) or the warehouse list (no subject). */
  on?: "ship" | "warehouses";
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    send(res, status, body, headers);

const text =
  (status: number, body: string): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "text/plain" });
    res.end(body);
  };

export const FAILURES: FailureCase[] = [
  {
    name: "429 rate limit per second",
    kind: "rate_limited",
    answer: json(
      429,
      { code: 8, message: "You have reached request rate limit per second", details: [] },
      { "retry-after": "1" },
    ),
  },
  {
    name: "429 limit of active report requests (Performance)",
    kind: "rate_limited",
    answer: json(429, { error: "limit of active requests is reached" }),
  },
  {
    name: "401 invalid Api-Key",
    kind: "keys_refused",
    answer: json(401, { code: 16, message: "Invalid Api-Key, please contact support" }),
  },
  {
    name: "403 Offer not signed",
    kind: "keys_refused",
    answer: json(403, { code: 7, message: "Offer not signed", details: [] }),
  },
  {
    name: "403 Premium needed for chats",
    kind: "keys_refused",
    answer: json(403, {
      code: 7,
      message:
        "This method is available only to sellers with a Premium Plus or Premium Pro subscription",
    }),
  },
  {
    name: "404 posting not found",
    kind: "not_found",
    answer: json(404, { code: 5, message: "POSTING_NOT_FOUND", details: [] }),
  },
  {
    name: "404 report not found (Performance)",
    kind: "not_found",
    answer: json(404, { error: "report not found" }),
  },
  {
    name: "404 of a method that names no subject (Ozon no longer has it)",
    kind: "method_gone",
    answer: json(404, { code: 5, message: "Not Found", details: [] }),
    on: "warehouses",
  },
  {
    name: "404 obsolete method, even where the method names a posting",
    kind: "method_gone",
    answer: json(404, { code: 5, message: "obsolete method", details: [] }),
  },
  {
    name: "410 Gone, even where the method names a posting",
    kind: "method_gone",
    answer: text(410, "Gone"),
  },
  {
    name: "our client refuses an empty posting number",
    kind: "our_input",
    answer: "empty posting number",
  },
  {
    name: "400 POSTING_ALREADY_SHIPPED (a business code, refined by the area)",
    kind: "our_input",
    answer: json(400, { code: 3, message: "POSTING_ALREADY_SHIPPED", details: [] }),
  },
  {
    name: "400 HAS_INCORRECT_CANCEL_REASON",
    kind: "our_input",
    answer: json(400, { code: 3, message: "HAS_INCORRECT_CANCEL_REASON", details: [] }),
  },
  {
    name: "400 chat closed (failed precondition)",
    kind: "conflict",
    answer: json(400, { code: 9, message: "CHAT_IS_CLOSED", details: [] }),
  },
  {
    name: "409 conflict",
    kind: "conflict",
    answer: json(409, { code: 10, message: "aborted: the posting is being changed" }),
  },
  {
    name: "500 internal",
    kind: "ozon_down",
    answer: json(500, { code: 13, message: "Internal Server Error", details: [] }),
  },
  { name: "503 plain text", kind: "ozon_down", answer: text(503, "Service Unavailable") },
  {
    name: "Circle is open (whatever the status)",
    kind: "ozon_down",
    answer: json(400, { code: 9, message: "Circle is open", details: [] }),
  },
  { name: "connection refused", kind: "network", answer: "closed port" },
  { name: "no answer within the timeout", kind: "timeout", answer: "no answer" },
  { name: "408 request timeout", kind: "timeout", answer: text(408, "Request Timeout") },
  {
    name: "200 with a cut body",
    kind: "bad_answer",
    answer: text(200, '{"result": ["1-2'),
  },
  {
    name: "200 with a field of another type",
    kind: "bad_answer",
    answer: json(200, { result: "shipped" }),
  },
];

/** The error one ship call ends in, given how Ozon (or the network) answers it. */
export async function failureOf(
  answer: Handler | Fault,
  on: FailureCase["on"] = "ship",
): Promise<unknown> {
  const server = await startServer(typeof answer === "function" ? answer : () => {});
  if (answer === "closed port") await server.close();
  const core = new OzonHttp({
    service: "seller",
    baseUrl: server.url,
    auth: headerAuth({ "Client-Id": "136794", "Api-Key": "7f3c2a18-secret-key" }),
    timeouts: { connectSeconds: 0.5, headersSeconds: 0.2, bodySeconds: 0.2 },
    retry: { maxAttempts: 1 },
    clock: ManualClock.instant(),
  });
  try {
    const posting_number = answer === "empty posting number" ? "" : "39268230-0002-3";
    if (on === "warehouses") await core.call(warehouses, { body: { limit: 200 } });
    else await core.call(ship, { body: { posting_number } });
  } catch (error) {
    return error;
  } finally {
    await core.close();
    if (answer !== "closed port") await server.close();
  }
  throw new Error("the call did not fail");
}
