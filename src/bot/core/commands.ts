/**
 * The command catalogue: every command, who may use it, and whether it shows as a menu button.
 * Descriptions and button labels live in the locale files as `command-<name>` with the
 * attributes `.description` (setMyCommands, /help) and `.button` (menu buttons).
 * Tests: test/bot/core/access.test.ts, test/bot/core/i18n-keys.test.ts
 */
import type { Role } from "../../services/access/index.ts";

/** Who may use something: anyone who writes, any invited person, or holders of some role. */
export type Audience = "everyone" | "people" | readonly Role[];

export interface CommandSpec {
  readonly name: string;
  readonly audience: Audience;
  /** Shown as a button in /start and /help for those who may use it. */
  readonly button: boolean;
}

export const COMMANDS = [
  { name: "start", audience: "everyone", button: false },
  { name: "help", audience: "everyone", button: false },
  { name: "postings", audience: ["warehouse"], button: true },
  { name: "find", audience: ["warehouse"], button: true },
  { name: "ship", audience: ["warehouse"], button: true },
  { name: "cancel_posting", audience: ["warehouse"], button: true },
  { name: "today", audience: ["warehouse"], button: true },
  { name: "handover", audience: ["warehouse"], button: true },
  { name: "products", audience: ["warehouse", "manager"], button: true },
  { name: "deliveries", audience: ["warehouse", "seller"], button: true },
  { name: "track", audience: ["warehouse", "seller"], button: false },
  { name: "dispute", audience: ["seller"], button: false },
  { name: "subscribe", audience: ["warehouse"], button: true },
  { name: "unsubscribe", audience: ["warehouse"], button: true },
  { name: "workbook", audience: ["warehouse", "manager"], button: true },
  { name: "campaigns", audience: ["manager"], button: true },
  { name: "budget", audience: ["manager"], button: true },
  { name: "report", audience: ["manager"], button: true },
  { name: "schedule", audience: ["manager"], button: true },
  { name: "rating", audience: ["admin", "manager"], button: true },
  { name: "money", audience: ["admin", "manager"], button: true },
  { name: "returns", audience: ["seller", "warehouse"], button: true },
  { name: "stock", audience: ["warehouse", "manager"], button: true },
  { name: "supplies", audience: ["warehouse", "manager"], button: true },
  { name: "invite", audience: ["admin"], button: true },
  { name: "users", audience: ["admin"], button: true },
  { name: "stores", audience: ["admin"], button: true },
  { name: "status", audience: ["admin"], button: true },
  { name: "relay_here", audience: ["admin"], button: false },
  { name: "audit", audience: ["admin"], button: true },
  { name: "chats", audience: ["seller"], button: true },
  { name: "replies", audience: ["seller"], button: true },
  { name: "language", audience: "everyone", button: true },
  { name: "cancel", audience: "people", button: false },
] as const satisfies readonly CommandSpec[];

export type CommandName = (typeof COMMANDS)[number]["name"];

/**
 * The jobs each role does most, in order: a person's own command menu holds Home (/start), the
 * first of these for their roles (taken in turn from each role, admins' own list for admins) and
 * /help — at most MENU_LIMIT entries. Home shows a few more of them as buttons (the ones after
 * the fifth are Home's only), so that each usual job starts one tap from Home. Everything else
 * is typed, or two taps from Home (☰ All jobs).
 */
export const MENU_BY_ROLE = {
  admin: ["today", "chats", "campaigns", "stores", "status", "invite", "users"],
  warehouse: ["today", "find", "postings", "handover", "products", "subscribe", "deliveries"],
  seller: ["chats", "replies", "returns", "deliveries"],
  manager: ["campaigns", "report", "money", "rating", "products", "schedule", "budget"],
} as const satisfies Record<Role, readonly CommandName[]>;

export const MENU_LIMIT = 7;

/**
 * The menu of every group chat (one list for all groups: Telegram has no per-person menu there):
 * Home, the group's own work (postings to pack, buyer chats relayed there) and /help. Every other
 * command still works when typed, by whoever may use it.
 */
export const GROUP_MENU = [
  "start",
  "today",
  "find",
  "postings",
  "chats",
  "subscribe",
  "help",
] as const satisfies readonly CommandName[];

/** Commands later issues implement; until then people who may use them hear "coming soon". */
export const PLANNED_COMMANDS: readonly CommandName[] = [
  "subscribe",
  "unsubscribe",
  "postings",
  // Defined by the postings module with the rest of the postings area.
  "find",
  "ship",
  "cancel_posting",
  "today",
  "handover",
  "campaigns",
  "budget",
  "report",
  // Defined by the schedules module (src/bot/ads/schedules/module.ts).
  "schedule",
  "relay_here",
  // Defined by the relay module with the buyer chats.
  "chats",
  "replies",
  // Defined by the stores module (src/bot/stores/module.ts); a bot built without it says "coming".
  "stores",
  // Defined by the ratings module (src/bot/ratings/module.ts).
  "rating",
  // Defined by the returns module (src/bot/returns/module.ts).
  "returns",
  // Defined by the FBO stock module (src/bot/fbo-stock/screen.ts).
  "stock",
  // Defined by the supplies module (src/bot/supplies/screen.ts).
  "supplies",
  // Defined by the money module (src/bot/money/module.ts).
  "money",
  // Defined by the stock module (src/bot/stock/book-feature.ts).
  "workbook",
  // Defined by the products module (src/bot/products/module.ts).
  "products",
  // Defined by the audit module (src/bot/audit/module.ts).
  "audit",
  // Defined by the status module (src/bot/status/module.ts), likewise.
  "status",
  // Defined by the deliveries module (src/bot/deliveries/module.ts).
  "deliveries",
  "track",
  "dispute",
];

const byName = new Map<string, CommandSpec>(COMMANDS.map((c) => [c.name, c]));

export function commandSpec(name: CommandName): CommandSpec {
  const spec = byName.get(name);
  if (!spec) throw new Error(`unknown command ${name}`);
  return spec;
}

export function isCommandName(value: string): value is CommandName {
  return byName.has(value);
}

/** Locale keys of a command: `command-<name>.description` and `command-<name>.button`. */
export function commandKey(name: CommandName, attribute: "description" | "button"): string {
  return `command-${name}.${attribute}`;
}
