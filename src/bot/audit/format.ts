/**
 * The trail's entries as text: one short block per entry, newest first.
 * Tests: none directly
 */
import type { AuditEntry } from "../../services/audit/index.ts";
import { clip } from "../../text.ts";
import type { Locale } from "../core/i18n.ts";
import { momentText } from "../core/numbers.ts";

type T = (key: string, vars?: Record<string, string | number>) => string;

export interface EntryView {
  t: T;
  locale: Locale;
  timezone: string;
  /** A store's name by id (the id itself when it is gone). */
  shopName(id: string): string;
}

function when(at: number, view: EntryView): string {
  return momentText(view.locale, at, view.timezone);
}

export function resultText(entry: AuditEntry, t: T): string {
  switch (entry.result.status) {
    case "done":
      return t("audit-result-done");
    case "refused":
      return t("audit-result-refused", { words: clip(entry.result.words, 200) });
    case "failed":
      return t("audit-result-failed", { words: clip(entry.result.words, 200) });
  }
}

export function kindName(kind: AuditEntry["kind"], t: T): string {
  return t(`audit-kind-${kind}`);
}

export function entryText(entry: AuditEntry, view: EntryView): string {
  const { t } = view;
  const head = [when(entry.at, view), entry.actor.name];
  if (entry.shopId !== undefined) head.push(t("audit-shop", { name: view.shopName(entry.shopId) }));
  const what = [kindName(entry.kind, t), entry.objectId];
  if (entry.detail) what.push(`· ${entry.detail}`);
  if (entry.via) what.push(`(${entry.via})`);
  const lines = [head.join(" · "), what.join(" ")];
  if (entry.from !== undefined || entry.to !== undefined) {
    lines.push(t("audit-change", { from: entry.from ?? "—", to: entry.to ?? "—" }));
  }
  lines.push(resultText(entry, t));
  return lines.join("\n");
}

/** A screen of entries under a title; Telegram's 4096 characters are kept. */
export function entriesText(title: string, entries: AuditEntry[], view: EntryView): string {
  if (entries.length === 0) return `${title}\n\n${view.t("audit-empty")}`;
  let text = title;
  for (const entry of entries) {
    const block = `\n\n${entryText(entry, view)}`;
    if (text.length + block.length > 4000) break;
    text += block;
  }
  return text;
}
