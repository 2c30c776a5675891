/**
 * The sandbox answers as Ozon's current documents say (`ozon-openapi/`):
 * - **which methods exist**: one the documents do not list, or one they announce switched off on or
 *   before the sandbox's date, answers 404 «method is not allowed», as a removed method does. The
 *   date is today unless set (`date`, `setDate`), so a test can move past an announced switch-off.
 *   `rules: "seed"` serves every route as the seed documents had them (tests of the bot's
 *   fall-back to the seed's forms), and `withdraw` takes single methods away in either mode (404,
 *   or 410 with `withdrawAs(410, …)`: Ozon answers a removed method either way).
 * - **what goes in and out** (`check: true`, on in tests through `OZON_SANDBOX_CONTRACT=check`):
 *   every request body is checked against the method's request schema — one that does not match is
 *   refused with 400 as Ozon's gateway refuses it — and every JSON answer against the response
 *   schema. Each mismatch is kept as a violation; the test setup fails a test that caused one.
 * Tests: test/sandbox/contract.test.ts, test/sandbox/after-sale.test.ts and 3 more
 */
import type { MethodCatalogue } from "../openapi/catalogue.ts";
import { methodCatalogue } from "../openapi/catalogue.ts";
import type { OpenApiValidator, SchemaProblem } from "../openapi/validator.ts";
import type { Service } from "./http.ts";

export type DocumentRules = "today" | "seed";

export interface ContractViolation {
  service: Service;
  method: string;
  /** The sandbox route's pattern, e.g. `/v3/posting/fbs/get`. */
  route: string;
  part: "request" | "answer";
  status?: number;
  problems: SchemaProblem[];
}

export interface ContractOptions {
  /** Default "today": the documents decide which methods answer. */
  rules?: DocumentRules;
  /** YYYY-MM-DD; default: the sandbox clock's day. */
  date?: string;
  /** Check bodies against the schemas; default: `OZON_SANDBOX_CONTRACT=check` in the environment. */
  check?: boolean;
}

/** Violations of every sandbox in this process, until taken. */
const violations: ContractViolation[] = [];
let checkedCount = 0;

/** The violations seen so far in this process, emptying the list (the test setup reads it). */
export function takeContractViolations(): ContractViolation[] {
  return violations.splice(0);
}

/** How many bodies were checked in this process, resetting the count. */
export function takeCheckedCount(): number {
  const n = checkedCount;
  checkedCount = 0;
  return n;
}

export function describeViolation(v: ContractViolation): string {
  const where = `${v.method} ${v.route} ${v.part}${v.status ? ` ${v.status}` : ""}`;
  return `${where}: ${v.problems.map((p) => `${p.at} ${p.message}`).join("; ")}`;
}

let validatorLoad: Promise<OpenApiValidator> | undefined;

function sharedValidator(): Promise<OpenApiValidator> {
  // Loaded only where checking is on: ajv and the 4 MB documents stay out of a plain sandbox.
  validatorLoad ??= import("../openapi/validator.ts").then((m) => new m.OpenApiValidator());
  return validatorLoad;
}

export class SandboxContract {
  rules: DocumentRules;
  #date: string | undefined;
  readonly #now: () => number;
  /** Methods taken away, with the status they answer. */
  readonly #withdrawn = new Map<string, 404 | 410>();
  readonly #catalogue: MethodCatalogue;
  readonly check: boolean;

  constructor(options: ContractOptions, now: () => number) {
    this.rules = options.rules ?? "today";
    this.#date = options.date;
    this.#now = now;
    this.check = options.check ?? process.env.OZON_SANDBOX_CONTRACT === "check";
    this.#catalogue = methodCatalogue();
    if (this.#date !== undefined) assertDay(this.#date);
  }

  /** The sandbox's day (YYYY-MM-DD). */
  get date(): string {
    return this.#date ?? new Date(this.#now()).toISOString().slice(0, 10);
  }

  setDate(day: string | undefined): void {
    if (day !== undefined) assertDay(day);
    this.#date = day;
  }

  /** Takes methods away (`"POST /v3/chat/list"`), as a store that lacks them. */
  withdraw(...methods: string[]): void {
    this.withdrawAs(404, ...methods);
  }

  /** Takes methods away answering `status`: 410 Gone, as some removed methods of Ozon answer. */
  withdrawAs(status: 404 | 410, ...methods: string[]): void {
    for (const m of methods) this.#withdrawn.set(normalise(m), status);
  }

  restore(): void {
    this.#withdrawn.clear();
  }

  /** Whether a route answers 404 today (not documented, switched off, or withdrawn). */
  isGone(method: string, pattern: string): boolean {
    return this.goneStatus(method, pattern) !== undefined;
  }

  /** The status a gone route answers (404, or 410 where withdrawn so), undefined when it answers. */
  goneStatus(method: string, pattern: string): 404 | 410 | undefined {
    const withdrawn = this.#withdrawn.get(normalise(`${method} ${pattern}`));
    if (withdrawn) return withdrawn;
    if (this.rules === "seed") return undefined;
    const state = this.#catalogue.stateOn(method, pattern, this.date).kind;
    return state === "off" || state === "undocumented" ? 404 : undefined;
  }

  /** Problems of a request body (and records them), or [] when it fits or nothing is checked. */
  async checkRequest(
    service: Service,
    method: string,
    route: string,
    body: unknown,
  ): Promise<SchemaProblem[]> {
    if (!this.check) return [];
    const problems = (await sharedValidator()).request(service, method, route, body);
    return this.#record({ service, method, route, part: "request" }, problems);
  }

  async checkAnswer(
    service: Service,
    method: string,
    route: string,
    status: number,
    body: unknown,
  ): Promise<void> {
    if (!this.check) return;
    const problems = (await sharedValidator()).answer(service, method, route, status, body);
    this.#record({ service, method, route, part: "answer", status }, problems);
  }

  #record(
    where: Omit<ContractViolation, "problems">,
    problems: SchemaProblem[] | undefined,
  ): SchemaProblem[] {
    if (problems === undefined) return [];
    checkedCount++;
    if (problems.length > 0) violations.push({ ...where, problems });
    return problems;
  }
}

function normalise(methodAndPath: string): string {
  const [method = "", path = ""] = methodAndPath.trim().split(/\s+/);
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;
}

function assertDay(day: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) {
    throw new RangeError(`the sandbox date must be YYYY-MM-DD, not ${day}`);
  }
}
