/**
 * Every button kind of the postings area (not the dialogs' own: ship-, cancel- and
 * handover-dialog.ts make theirs through the dialog toolkit), declared once with its arguments
 * (core/buttons.ts): keyboards make their data here, handlers get the arguments typed, and a press
 * whose arguments do not fit is refused by the router before any handler runs.
 *
 * <shop> is the shop's short ref (src/shops/refs.ts). Buttons sent before several shops existed
 * carry none: the handlers read those as the legacy shop's (posting-shop.ts), so the ref of those
 * kinds is optional. The kinds are the data of buttons already in people's chats: never change one.
 * Tests: test/bot/postings/buttons.test.ts, test/bot/postings/handover-shops.test.ts and 1 more
 */
import { z } from "zod";
import {
  NUMERIC_ID_ARG,
  oneOf,
  PAGE_ARG,
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
} from "../core/button-args.ts";
import { type ButtonKind, declareButton } from "../core/buttons.ts";

/** A shop's ref, absent on a button of the single-shop version (the legacy shop). */
const LEGACY_SHOP_ARG = SHOP_REF_ARG.optional();

/**
 * `button` whose arguments must also pass `fits`: a rule across arguments (which ones a given
 * action needs) that a tuple of per-argument schemas cannot say. Still refused by the router.
 */
function withRule<A extends readonly unknown[]>(
  button: ButtonKind<A>,
  fits: (args: A) => boolean,
): ButtonKind<A> {
  return {
    kind: button.kind,
    name: button.name,
    data: (codec, ...args) => button.data(codec, ...args),
    parse(raw) {
      const args = button.parse(raw);
      return args && fits(args) ? args : undefined;
    },
  };
}

// A posting's card (keyboards.ts), the /postings list and /today's groups.
export const SHIP = declareButton(
  "ps",
  "postings: pack (the ship dialog)",
  POSTING_NUMBER_ARG,
  LEGACY_SHOP_ARG,
);
/** One tap: packed in one box at once, the label right after (pack-label.ts). */
export const QUICK_PACK = declareButton(
  "pq",
  "postings: pack in one box at once",
  POSTING_NUMBER_ARG,
  LEGACY_SHOP_ARG,
);
/** The ship dialog on the card with splitting into boxes already chosen. */
export const SPLIT = declareButton(
  "pk",
  "postings: split into boxes (the ship dialog)",
  POSTING_NUMBER_ARG,
  LEGACY_SHOP_ARG,
);
export const CANCEL_POSTING = declareButton(
  "pc",
  "postings: cancel (the cancel dialog)",
  POSTING_NUMBER_ARG,
  LEGACY_SHOP_ARG,
);
export const LABEL = declareButton(
  "pl",
  "postings: the package label",
  POSTING_NUMBER_ARG,
  LEGACY_SHOP_ARG,
);
export const OPEN_POSTING = declareButton(
  "po",
  "postings: open a posting's card",
  POSTING_NUMBER_ARG,
  LEGACY_SHOP_ARG,
);
/** A page of /postings: of one shop, or (no ref) of every shop the person reaches. */
export const POSTINGS_PAGE = declareButton(
  "pp",
  "postings: a page of /postings",
  PAGE_ARG,
  SHOP_REF_ARG.optional(),
);

/**
 * Write to the buyer, on a card here; handled by the buyer chats area (chats/relay/relay.ts), which
 * reads a ref that is absent or empty as the legacy shop's.
 */
export const WRITE_TO_BUYER = declareButton(
  "wb",
  "postings: write to the buyer (chats)",
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG.or(z.literal("")).optional(),
);

/**
 * A posting's delivery card, for a posting the seller delivers itself: on a packed card here, on
 * /deliveries; handled by the deliveries area (which imports this folder, not the other way).
 */
export const OPEN_DELIVERY_CARD = declareButton(
  "vc",
  "deliveries: open a posting's delivery card",
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
);

/** Buttons a posting's card carries (a dialog pressed on one takes the card's place). */
const CARD_BUTTONS = [SHIP, QUICK_PACK, SPLIT, CANCEL_POSTING, LABEL];

/** The posting of a card's button (decoded data), or undefined when it is no card's button. */
export function cardButtonPosting(pressed: {
  kind: string;
  args: readonly string[];
}): string | undefined {
  const button = CARD_BUTTONS.find((card) => card.kind === pressed.kind);
  return button?.parse(pressed.args)?.[0];
}

/** Filter actions: warehouses of a shop and shops of the alerts (subscriptions.ts). */
const FILTER_ACTIONS = ["t", "a", "d", "w", "s", "x", "f"] as const;

/**
 * The alert filters: `pw:t:<warehouse>[:<shop>]` toggle a warehouse · `a[:<shop>]` all its
 * warehouses · `d[:<shop>]` done · `w:<shop>` a shop's warehouses · `s:<shop>` toggle a shop ·
 * `x` all shops · `f` done with the shops. Only t carries a warehouse; the shop comes after it.
 */
export const ALERT_FILTER = withRule(
  declareButton(
    "pw",
    "postings: the alerts' shop and warehouse filters",
    oneOf(FILTER_ACTIONS),
    NUMERIC_ID_ARG.or(SHOP_REF_ARG).optional(),
    SHOP_REF_ARG.optional(),
  ),
  ([action, first, second]) =>
    action === "t"
      ? NUMERIC_ID_ARG.safeParse(first).success
      : second === undefined && (first === undefined || SHOP_REF_ARG.safeParse(first).success),
);

/**
 * A group of /today's board: `<warehouse id, "0" for none>:<cut-off minute>` (today-buttons.ts).
 * Buttons for a group or all of the shop have both or neither.
 */
const bothOrNeither = ([, warehouse, minute]: readonly unknown[]) =>
  (warehouse === undefined) === (minute === undefined);

export const TODAY_GROUP = declareButton(
  "tg",
  "today: a group's postings",
  SHOP_REF_ARG,
  NUMERIC_ID_ARG,
  NUMERIC_ID_ARG,
);
/** Labels of every posting packed today of a shop, or of one group (today-labels.ts). */
export const TODAY_LABELS = withRule(
  declareButton(
    "tl",
    "today: labels of the packed postings",
    SHOP_REF_ARG,
    NUMERIC_ID_ARG.optional(),
    NUMERIC_ID_ARG.optional(),
  ),
  bothOrNeither,
);
export const TODAY_HANDOVER = declareButton("th", "today: the handover dialog", SHOP_REF_ARG);

/** Opens the picker of packed postings whose labels to print (label-picker.ts). */
export const OPEN_LABEL_PICK = withRule(
  declareButton(
    "lq",
    "labels: pick postings one by one",
    SHOP_REF_ARG,
    NUMERIC_ID_ARG.optional(),
    NUMERIC_ID_ARG.optional(),
  ),
  bothOrNeither,
);

/** Picker actions: t toggle <index> · a a whole <page> · p go to <page> · c clear · g labels. */
const PICK_ACTIONS = ["t", "a", "p", "c", "g"] as const;
const PICK_NEEDS_NUMBER: ReadonlySet<string> = new Set(["t", "a", "p"]);
/** A pick's id in the store (services/postings/label-pick.ts: 6 random bytes, base64url). */
const PICK_ID_ARG = z.string().regex(/^[A-Za-z0-9_-]{8}$/);

/** `lp:<shop>:<pick>:<action>[:<index or page>]`: the picker's buttons. */
export const LABEL_PICK = withRule(
  declareButton(
    "lp",
    "labels: the picker's buttons",
    SHOP_REF_ARG,
    PICK_ID_ARG,
    oneOf(PICK_ACTIONS),
    PAGE_ARG.optional(),
  ),
  ([, , action, number]) => PICK_NEEDS_NUMBER.has(action) === (number !== undefined),
);

/** Which desk a Retry button names: l labels, h handover (desk-delivery.ts). */
const DESK_KIND_CODES = ["l", "h"] as const;
export type DeskKindCode = (typeof DESK_KIND_CODES)[number];

/**
 * Retry of a label batch or a handover act whose files Telegram would not take
 * (desk-delivery.ts, desk-retry.ts): `dy:<shop>:<l|h>:<job id>`.
 */
export const DESK_RETRY = declareButton(
  "dy",
  "desks: retry sending the files",
  SHOP_REF_ARG,
  oneOf(DESK_KIND_CODES),
  z.string().min(1),
);
