/**
 * Home's text: the lines of what needs the viewer, "as of", and /help's typed commands.
 * Tests: none directly
 */
import { DateTime } from "luxon";
import type { HomeLine, HomeView } from "../../services/home/index.ts";
import type { CommandName } from "../core/commands.ts";
import type { Translator } from "../core/i18n.ts";
import { clockText, durationText, kopecksMoneyText, momentText } from "../core/numbers.ts";

/** Today's moments by their time of day ("14:00"), others as every moment is written. */
function clock(ms: number, timezone: string, withDay: boolean, locale: string): string {
  return withDay
    ? momentText(locale === "en" ? "en" : "ru", ms, timezone)
    : clockText(ms, timezone);
}

/** A line's main part: what and how many (also its button's label). */
export function lineHead(t: Translator, line: HomeLine): string {
  return t(`home-${line.kind}`, { count: line.count });
}

/** A line in full: its main part and, in brackets, what makes it urgent. */
export function lineText(
  t: Translator,
  line: HomeLine,
  now: number,
  timezone: string,
  locale: string,
): string {
  const details: string[] = [];
  if (line.kind === "pack") {
    if (line.late > 0) details.push(t("home-pack-late", { late: line.late }));
    if (line.soon > 0) details.push(t("home-pack-soon", { soon: line.soon }));
  } else if (line.kind === "chats" && line.oldestMs !== undefined) {
    details.push(t("home-chats-oldest", { age: durationText(t, line.oldestMs) }));
  } else if (line.kind === "returns" && line.nearest !== undefined) {
    const sameDay = DateTime.fromMillis(line.nearest, { zone: timezone }).hasSame(
      DateTime.fromMillis(now, { zone: timezone }),
      "day",
    );
    details.push(
      t("home-returns-nearest", { when: clock(line.nearest, timezone, !sameDay, locale) }),
    );
  } else if (line.kind === "rating" && line.danger > 0) {
    details.push(t("home-rating-danger", { danger: line.danger }));
  }
  const head = lineHead(t, line);
  return details.length > 0 ? `${head} (${details.join(", ")})` : head;
}

/** Yesterday's money over a manager's stores, for their Home. */
export interface HomeMoneyDay {
  /** What Ozon accrued less the ads, over every store read. */
  netKopecks: bigint;
  /** Ad spend; undefined: no store had its ads read. */
  adsKopecks: bigint | undefined;
  /** Stores whose day was read, of those the person reaches (fewer: the line says so). */
  read: number;
  of: number;
}

export interface HomeTextOptions {
  group: boolean;
  intro?: string | undefined;
  now: number;
  timezone: string;
  locale: string;
  /** /help: the commands Home does not show, typed. */
  typed?: readonly CommandName[] | undefined;
  /** Yesterday's money over the person's stores (a manager's Home). */
  money?: HomeMoneyDay | undefined;
}

export function homeText(t: Translator, view: HomeView, options: HomeTextOptions): string {
  const { now, timezone, locale } = options;
  const parts: string[] = [];
  if (options.intro) parts.push(options.intro, "");
  parts.push(t(options.group ? "home-title-group" : "home-title"));
  // The day's money first: a manager's figure, not a job (the lines below are jobs).
  if (options.money) {
    const { netKopecks, adsKopecks, read, of } = options.money;
    const net = kopecksMoneyText(t, netKopecks);
    const line =
      adsKopecks === undefined
        ? t("home-money", { net })
        : t("home-money-ads", { net, ads: kopecksMoneyText(t, adsKopecks) });
    parts.push(read < of ? `${line} ${t("home-money-partial", { read, of })}` : line);
  }
  if (view.lines.length === 0) {
    parts.push(t(options.group ? "home-nothing-group" : "home-nothing"));
  } else {
    for (const line of view.lines) parts.push(lineText(t, line, now, timezone, locale));
  }
  if (view.unread.length > 0) parts.push(t("home-unread", { stores: view.unread.join(", ") }));
  parts.push("", t("home-as-of", { time: clock(view.asOf, timezone, false, locale) }));
  if (options.typed && options.typed.length > 0) {
    parts.push("", t("home-help"), options.typed.map((name) => `/${name}`).join(" "));
  }
  return parts.join("\n");
}
