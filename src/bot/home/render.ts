/**
 * Home drawn for one chat: the text and buttons of what needs the viewer now, the same whether a
 * person opens it (screen.ts) or it is redrawn by itself (live.ts). Also the screen behind the ❓
 * and ⭐ lines: those counts by store, and where the questions are answered.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Person } from "../../services/access/index.ts";
import type { HomeCounts, HomeView, HomeViewer } from "../../services/home/index.ts";
import type { SubscriptionService } from "../../services/subscriptions.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { COMMANDS, type CommandName } from "../core/commands.ts";
import { mayUse } from "../core/guard.ts";
import type { Translator } from "../core/i18n.ts";
import { favouriteCommands } from "../core/menu.ts";
import { HOME } from "./buttons.ts";
import { type HomeMoneyDay, homeText, lineHead } from "./format.ts";
import { homeKeyboard } from "./keyboards.ts";

/** Usual jobs offered on Home (MENU_BY_ROLE: the menu's five and Home's extras). */
const JOBS_SHOWN = 8;

/** Yesterday's money over a person's stores (the manager's line); undefined: none to show. */
export type HomeMoney = (person: Person) => Promise<HomeMoneyDay | undefined>;

export interface HomeRenderDeps {
  counts: HomeCounts;
  /** The manager's money line (absent: not shown). */
  money?: HomeMoney | undefined;
  subscriptions: SubscriptionService;
  codec: CallbackCodec;
  timezone: string;
}

export interface HomeRequest {
  person: Person;
  chatId: number;
  group: boolean;
  help: boolean;
  t: Translator;
  locale: string;
  intro?: string | undefined;
}

export interface DrawnHome {
  text: string;
  keyboard: InlineKeyboard;
  view: HomeView;
}

async function viewFor(deps: HomeRenderDeps, request: HomeRequest): Promise<HomeView> {
  const viewer: HomeViewer = request.group
    ? {
        kind: "group",
        chatId: request.chatId,
        subscriber: await deps.subscriptions.get(request.chatId),
      }
    : { kind: "person", person: request.person };
  return deps.counts.view(viewer);
}

export async function renderHome(deps: HomeRenderDeps, request: HomeRequest): Promise<DrawnHome> {
  const { person, t } = request;
  const [view, money] = await Promise.all([
    viewFor(deps, request),
    !request.group && deps.money && person.roles.includes("manager")
      ? deps.money(person).catch(() => undefined)
      : undefined,
  ]);
  const jobs = request.group ? [] : favouriteCommands(person, JOBS_SHOWN);
  const onHome = new Set<string>([...view.lines.map((line) => line.job), ...jobs]);
  const typed = request.help
    ? COMMANDS.filter(
        (c) =>
          c.name !== "start" &&
          c.name !== "help" &&
          !onHome.has(c.name) &&
          mayUse(person, c.audience),
      ).map((c): CommandName => c.name)
    : undefined;
  const text = homeText(t, view, {
    group: request.group,
    intro: request.intro,
    now: Date.now(),
    timezone: deps.timezone,
    locale: request.locale,
    typed,
    money,
  });
  return {
    text,
    keyboard: homeKeyboard(deps.codec, t, view.lines, jobs, request.help),
    view,
  };
}

/** ❓ and ⭐: how many wait in each store, and where they are answered. */
export async function renderFeed(
  deps: HomeRenderDeps,
  request: HomeRequest,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const { t } = request;
  const view = await viewFor(deps, request);
  const parts = [t("home-feed-title")];
  for (const line of view.lines) {
    if (line.kind !== "questions" && line.kind !== "reviews") continue;
    parts.push("", lineHead(t, line));
    for (const store of line.byStore) {
      parts.push(t("home-feed-store", { store: store.name, count: store.count }));
    }
  }
  if (parts.length === 1) parts.push(t("home-feed-none"));
  parts.push("", t("home-feed-where"));
  return {
    text: parts.join("\n"),
    keyboard: new InlineKeyboard().text(t("home-back"), HOME.data(deps.codec, "h")),
  };
}
