/**
 * Home's lines: what needs a person (or a group) now, each a count and the job that settles it,
 * most urgent first. Pure: the counts come from facts.ts through counts.ts.
 * Tests: none directly
 */

export type HomeJob =
  | "today"
  | "chats"
  | "returns"
  | "deliveries"
  | "products"
  | "rating"
  | "stores"
  | "status"
  /** Not a command: Home's own screen of questions and reviews by store (where to answer). */
  | "feed";

export type HomeLine =
  | { kind: "pack"; job: "today"; count: number; late: number; soon: number }
  | { kind: "chats"; job: "chats"; count: number; oldestMs: number | undefined }
  | { kind: "returns"; job: "returns"; count: number; nearest: number | undefined }
  | { kind: "deliveries"; job: "deliveries"; count: number }
  | { kind: "questions"; job: "feed"; count: number; byStore: StoreCount[] }
  | { kind: "reviews"; job: "feed"; count: number; byStore: StoreCount[] }
  | { kind: "stock-out"; job: "products"; count: number }
  | { kind: "stock-low"; job: "products"; count: number }
  | { kind: "rating"; job: "rating"; count: number; danger: number }
  | { kind: "keys"; job: "stores"; count: number }
  | { kind: "stalled"; job: "status"; count: number };

/** A count of one store, for the screen that names them (the line itself sums the stores). */
export interface StoreCount {
  name: string;
  count: number;
}

/** A posting due this close (or late) makes the pack line the most urgent of all. */
export const SOON_MS = 2 * 60 * 60 * 1000;

/** How urgent a line is: higher first. Late postings and stores that cannot work lead. */
export function urgency(line: HomeLine): number {
  switch (line.kind) {
    case "pack":
      return line.late > 0 ? 100 : line.soon > 0 ? 90 : 50;
    case "keys":
      return 85;
    case "chats":
      return 80;
    case "returns":
      return 70;
    case "stalled":
      return 65;
    case "questions":
      return 45;
    case "reviews":
      return 42;
    case "stock-out":
      return 40;
    case "deliveries":
      return 35;
    case "rating":
      return line.danger > 0 ? 60 : 30;
    case "stock-low":
      return 20;
  }
}

/** Lines with something to do, most urgent first (a stable order among equals). */
export function sortLines(lines: readonly HomeLine[]): HomeLine[] {
  return lines.filter((line) => line.count > 0).sort((a, b) => urgency(b) - urgency(a));
}

/** The pack line of these postings at `now`: how many, how many late, how many due within 2 h. */
export function packLine(
  postings: ReadonlyArray<{ dueAt: number | undefined }>,
  now: number,
): HomeLine {
  let late = 0;
  let soon = 0;
  for (const { dueAt } of postings) {
    if (dueAt === undefined) continue;
    if (dueAt < now) late += 1;
    else if (dueAt - now <= SOON_MS) soon += 1;
  }
  return { kind: "pack", job: "today", count: postings.length, late, soon };
}
