/**
 * The store picker of /invite and of a /users card: "All stores", one toggle per store, Done.
 * What is marked so far is a draft in the store (`scope-draft:<id>`, one hour), not in the button
 * data: with dozens of stores the marks would not fit Telegram's 64 bytes. Buttons carry the
 * draft id and a shop's short ref. Finishing takes the draft atomically, so two presses of Done
 * finish once.
 * Tests: none directly
 */
import { randomBytes } from "node:crypto";
import { InlineKeyboard } from "grammy";
import { isRole, type Role } from "../../services/access/index.ts";
import { normalizeScope } from "../../services/access/shop-scope.ts";
import type { Store } from "../../store/port.ts";
import type { BotContext } from "../core/context.ts";
import type { BotShops } from "../core/deps.ts";
import { newRow } from "../core/keyboard-rows.ts";

export interface ScopeDraft {
  role: Role;
  /** Shop ids marked so far. */
  marked: string[];
  /** Whose role the choice limits (a /users card) and the list page to go back to; absent: an invite. */
  person?: number;
  page?: number;
}

/** A press on the picker: toggle a store (by its ref), all stores, done. */
export type PickerPress =
  | { action: "t"; draftId: string; ref: string }
  | { action: "a" | "d"; draftId: string };

/** The data of the picker's buttons (people/buttons.ts: /invite's and /users' own kinds). */
export interface PickerButtons {
  all: string;
  done: string;
  toggle(shopRef: string): string;
}

const DRAFT_TTL_MS = 60 * 60 * 1000;
/** A draft's id as buttons carry it: 8 random bytes in base64url. */
export const SCOPE_DRAFT_ID = /^[A-Za-z0-9_-]{11}$/;
const draftKey = (id: string) => `scope-draft:${id}`;

export class ScopeDrafts {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async open(draft: ScopeDraft): Promise<string> {
    const id = randomBytes(8).toString("base64url");
    await this.#store.set(draftKey(id), draft, { ttlMs: DRAFT_TTL_MS });
    return id;
  }

  async get(id: string | undefined): Promise<ScopeDraft | undefined> {
    if (!id || !SCOPE_DRAFT_ID.test(id)) return undefined;
    return validDraft(await this.#store.get(draftKey(id)));
  }

  /** Replaces the draft only while it is still `current` (not finished meanwhile). */
  replace(id: string, current: ScopeDraft, next: ScopeDraft): Promise<boolean> {
    return this.#store.compareAndSet(draftKey(id), current, next, { ttlMs: DRAFT_TTL_MS });
  }

  /** Takes the draft away: of two presses of Done, one gets it. */
  async take(id: string): Promise<ScopeDraft | undefined> {
    return validDraft(await this.#store.take(draftKey(id)));
  }
}

function validDraft(value: unknown): ScopeDraft | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const draft = value as Partial<ScopeDraft>;
  if (!isRole(draft.role) || !Array.isArray(draft.marked)) return undefined;
  return draft as ScopeDraft;
}

/** "All stores" on top, the stores two per row (✅ marked), Done at the bottom. */
export function scopeKeyboard(
  t: (key: string, args?: Record<string, string>) => string,
  shops: BotShops,
  marked: readonly string[],
  buttons: PickerButtons,
): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(t("scope-all"), buttons.all);
  shops.all().forEach((shop, index) => {
    if (index % 2 === 0) newRow(keyboard);
    const key = marked.includes(shop.id) ? "scope-marked" : "scope-unmarked";
    keyboard.text(t(key, { name: shop.name }), buttons.toggle(shop.ref));
  });
  return newRow(keyboard).text(t("scope-done"), buttons.done);
}

/** The chosen stores: undefined for all stores. */
export interface PickedScope {
  draft: ScopeDraft;
  scope: string[] | undefined;
}

/**
 * Handles a press on the picker. A toggle is answered and `redraw` shows the draft again; "All
 * stores" and Done (with something marked) take the draft and return the choice, which the
 * caller applies and answers. A finished or expired draft, or Done with nothing marked, is
 * answered here.
 */
export async function pressPicker(
  ctx: BotContext,
  drafts: ScopeDrafts,
  shops: BotShops,
  press: PickerPress,
  redraw: (draft: ScopeDraft, draftId: string) => Promise<void>,
): Promise<PickedScope | undefined> {
  const expired = () => ctx.answerCallbackQuery({ text: ctx.t("scope-expired"), show_alert: true });
  const { draftId } = press;
  const draft = await drafts.get(draftId);
  if (!draft) return void (await expired());

  if (press.action === "t") {
    const shop = shops.byRef(press.ref);
    if (!shop) {
      await ctx.answerCallbackQuery({ text: ctx.t("scope-shop-gone") });
      return void (await redraw(draft, draftId));
    }
    const marked = draft.marked.includes(shop.id)
      ? draft.marked.filter((id) => id !== shop.id)
      : [...draft.marked, shop.id];
    const next = { ...draft, marked: normalizeScope(marked) ?? [] };
    if (!(await drafts.replace(draftId, draft, next))) return void (await expired());
    await ctx.answerCallbackQuery();
    return void (await redraw(next, draftId));
  }

  // Stores removed while the picker was open drop out of the choice.
  const existing = press.action === "d" ? draft.marked.filter((id) => shops.get(id)) : undefined;
  if (existing?.length === 0) {
    await ctx.answerCallbackQuery({ text: ctx.t("scope-none-marked"), show_alert: true });
    return undefined;
  }
  const taken = await drafts.take(draftId);
  if (!taken) return void (await expired());
  return { draft: taken, scope: existing };
}
