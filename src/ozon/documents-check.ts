/**
 * Every method the bot declares, held against Ozon's documents on a given day: documented or not,
 * the switch-off they announce, the successor in use. `npm run ozon-check` prints it, a test fails
 * the build on a method that is gone, and /status tells admins of one announced while the bot
 * still relies on it.
 * Tests: test/ozon/documents-check.test.ts
 */
import type { MethodCatalogue } from "../openapi/catalogue.ts";
import type { DocumentedMethod } from "../openapi/lifecycle.ts";
import type { DeclaredEndpoint } from "./declared.ts";

export type Verdict =
  /** Listed and not announced. */
  | "live"
  /** Listed, with a switch-off announced after the day (or with no date yet). */
  | "announced"
  /** Switched off on or before the day, or not in the documents: Ozon answers 404. */
  | "gone"
  /** A seed form kept only as a fallback; whatever the documents say of it, it is not relied on. */
  | "fallback";

export interface CheckedEndpoint {
  declared: DeclaredEndpoint;
  doc: DocumentedMethod | undefined;
  verdict: Verdict;
  /** Days from the day to the announced switch-off, when it has one. */
  daysLeft?: number;
}

const DAY_MS = 86_400_000;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function checkEndpoints(
  declared: readonly DeclaredEndpoint[],
  catalogue: MethodCatalogue,
  day: string,
): CheckedEndpoint[] {
  return declared.map((endpoint) => {
    const state = catalogue.stateOn(endpoint.method, endpoint.path, day);
    const doc = state.kind === "undocumented" ? undefined : state.doc;
    const checked: CheckedEndpoint = {
      declared: endpoint,
      doc,
      verdict:
        endpoint.role === "fallback"
          ? "fallback"
          : state.kind === "off" || state.kind === "undocumented"
            ? "gone"
            : state.kind,
    };
    if (doc?.offOn) checked.daysLeft = daysBetween(day, doc.offOn);
    return checked;
  });
}

/** Relied on and announced: what /status tells admins, and the check names. */
export function announcedInUse(checked: readonly CheckedEndpoint[]): CheckedEndpoint[] {
  return checked.filter((c) => c.verdict === "announced");
}

/** Relied on and announced to go within `days` (or already gone). */
export function dueWithin(checked: readonly CheckedEndpoint[], days: number): CheckedEndpoint[] {
  return checked.filter(
    (c) =>
      c.verdict === "gone" ||
      (c.verdict === "announced" && c.daysLeft !== undefined && c.daysLeft <= days),
  );
}

function documentedCell(c: CheckedEndpoint): string {
  if (!c.doc) return "no";
  return c.doc.namedIn ? `yes (in ${c.doc.namedIn})` : "yes";
}

function switchOffCell(c: CheckedEndpoint): string {
  const doc = c.doc;
  if (!doc?.announced && !doc?.deprecated) return "—";
  if (!doc.offOn) return "announced, no date";
  const left = c.daysLeft ?? 0;
  return left <= 0 ? `${doc.offOn} (off)` : `${doc.offOn} (in ${left} d)`;
}

function successorCell(c: CheckedEndpoint, declaredKeys: Set<string>): string {
  if (c.declared.role === "fallback") return `fallback of ${c.declared.fallbackOf}`;
  const successor = c.doc?.successor;
  if (!successor) return "—";
  const inUse = [...declaredKeys].some((key) => key.endsWith(` ${successor}`));
  return inUse ? `${successor} (in use)` : `${successor} (not used)`;
}

/** The table `npm run ozon-check` prints (Markdown, so it pastes into a note). */
export function checkTable(checked: readonly CheckedEndpoint[]): string {
  const declaredKeys = new Set(
    checked
      .filter((c) => c.declared.role === "today")
      .map((c) => `${c.declared.method} ${c.declared.path}`),
  );
  const rows = [...checked]
    .sort(
      (a, b) =>
        a.declared.path.localeCompare(b.declared.path) ||
        a.declared.method.localeCompare(b.declared.method),
    )
    .map((c) =>
      [
        `${c.declared.method} ${c.declared.path}`,
        c.declared.usedFor,
        documentedCell(c),
        switchOffCell(c),
        successorCell(c, declaredKeys),
        c.verdict,
      ].join(" | "),
    );
  return [
    "| method | used for | documented | switch-off announced | successor in use | verdict |",
    "|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}
