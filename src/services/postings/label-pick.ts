/**
 * A set of packed postings a warehouse person picks one by one for a batch of labels. The list
 * to pick from is read once (when the picker opens) and kept with the choice in the shop's part
 * of the store for an hour under a short random id, so each tap only edits the message. Only the
 * person who opened it may change it (the bot checks `owner`).
 * Tests: none directly
 */
import { randomBytes } from "node:crypto";
import type { Store } from "../../store/port.ts";

/** Postings shown per page (10 number buttons: two rows on a phone). */
export const PICK_PAGE_SIZE = 10;
/** Postings offered at most (pages of 10): more than that is a job for "all packed". */
export const PICK_CANDIDATES_MAX = 200;
/** Postings chosen at most: one Ozon label task. */
export const PICK_CHOSEN_MAX = 100;
const PICK_TTL_MS = 60 * 60_000;
const PREFIX = "label-pick:";

export interface PickCandidate {
  postingNumber: string;
  /** A short description (products) for the list line. */
  gist: string;
}

export interface LabelPick {
  id: string;
  /** The Telegram user who opened it: only they may change it. */
  owner: number;
  candidates: PickCandidate[];
  /** Indexes into `candidates`, in the order chosen. */
  chosen: number[];
  page: number;
}

export type PickChange = "ok" | "full";

export class LabelPicks {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async open(owner: number, candidates: readonly PickCandidate[]): Promise<LabelPick> {
    const pick: LabelPick = {
      id: randomBytes(6).toString("base64url"),
      owner,
      candidates: candidates.slice(0, PICK_CANDIDATES_MAX),
      chosen: [],
      page: 0,
    };
    await this.save(pick);
    return pick;
  }

  get(id: string): Promise<LabelPick | undefined> {
    return this.#store.get<LabelPick>(`${PREFIX}${id}`);
  }

  save(pick: LabelPick): Promise<void> {
    return this.#store.set(`${PREFIX}${pick.id}`, pick, { ttlMs: PICK_TTL_MS });
  }

  close(pick: LabelPick): Promise<void> {
    return this.#store.delete(`${PREFIX}${pick.id}`).then(() => undefined);
  }
}

export function pageCount(pick: LabelPick): number {
  return Math.max(1, Math.ceil(pick.candidates.length / PICK_PAGE_SIZE));
}

/** Indexes of the candidates on `page`. */
export function pageIndexes(pick: LabelPick, page: number): number[] {
  const from = page * PICK_PAGE_SIZE;
  const to = Math.min(pick.candidates.length, from + PICK_PAGE_SIZE);
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** Chooses or un-chooses one candidate; "full" when the cap would be passed. */
export function toggle(pick: LabelPick, index: number): PickChange {
  const at = pick.chosen.indexOf(index);
  if (at >= 0) {
    pick.chosen.splice(at, 1);
    return "ok";
  }
  if (pick.chosen.length >= PICK_CHOSEN_MAX) return "full";
  pick.chosen.push(index);
  return "ok";
}

/** The whole page: un-chosen when all of it was chosen, else chosen (up to the cap). */
export function togglePage(pick: LabelPick, page: number): PickChange {
  const indexes = pageIndexes(pick, page);
  if (indexes.every((i) => pick.chosen.includes(i))) {
    pick.chosen = pick.chosen.filter((i) => !indexes.includes(i));
    return "ok";
  }
  for (const i of indexes) {
    if (pick.chosen.includes(i)) continue;
    if (pick.chosen.length >= PICK_CHOSEN_MAX) return "full";
    pick.chosen.push(i);
  }
  return "ok";
}

/** The chosen posting numbers, in the order of the list. */
export function chosenNumbers(pick: LabelPick): string[] {
  return [...pick.chosen]
    .sort((a, b) => a - b)
    .flatMap((i) => {
      const candidate = pick.candidates[i];
      return candidate ? [candidate.postingNumber] : [];
    });
}
