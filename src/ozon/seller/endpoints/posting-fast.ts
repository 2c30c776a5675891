/**
 * The postings of the unfulfilled lists, read by hand in the shape Ozon writes them, with zod
 * as the judge of anything else.
 *
 * zod allocated some 13 KB and spent a fifth of a millisecond per posting: a pass over 10 000
 * postings every few seconds made that most of the bot's garbage, and the bursts of it grew the
 * heap for good. `readWirePosting` accepts only what `wirePosting` accepts and gives the same
 * value; at the first thing it does not expect it gives up, and `wirePosting` then decides (and
 * names the problem, as before).
 * Tests: test/ozon/seller/endpoints/posting-fast.test.ts
 */
import { z } from "zod";
import type { WirePosting } from "./posting-wire.ts";

type Product = NonNullable<WirePosting["products"]>[number];
type Method = NonNullable<WirePosting["delivery_method"]>;
type Cancellation = NonNullable<WirePosting["cancellation"]>;

/** Says "not the common shape": zod takes over. */
const MISS = Symbol("miss");
type Miss = typeof MISS;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** optionalText: a string, "" / null / absent → undefined. */
function text(value: unknown): string | undefined | Miss {
  if (value === null || value === undefined || value === "") return undefined;
  return typeof value === "string" ? value : MISS;
}

/** idString: a non-empty string, or a whole number (zod's int(): a safe one) as its digits. */
function id(value: unknown): string | Miss {
  if (typeof value === "string") return value.length > 0 ? value : MISS;
  return Number.isSafeInteger(value) ? String(value) : MISS;
}

/** optionalId: as id, "" / null / absent → undefined. */
function optionalId(value: unknown): string | undefined | Miss {
  return value === null || value === undefined || value === "" ? undefined : id(value);
}

/** intLike: a whole number, or a string of digits as a number. */
function int(value: unknown): number | Miss {
  if (Number.isSafeInteger(value)) return value as number;
  return typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : MISS;
}

function price(value: unknown): Product["price"] | Miss {
  if (value === null || value === undefined) return value;
  if (typeof value === "string" || typeof value === "number") return value;
  if (!isRecord(value)) return MISS;
  const { amount, currency } = value;
  if (typeof amount !== "string" && typeof amount !== "number") return MISS;
  if (currency !== null && currency !== undefined && typeof currency !== "string") return MISS;
  return "currency" in value ? { amount, currency } : { amount };
}

function marks(value: unknown): string[] | null | undefined | Miss {
  if (value === null || value === undefined) return value;
  if (!Array.isArray(value)) return MISS;
  for (const mark of value) if (typeof mark !== "string") return MISS;
  return value.slice();
}

function product(value: unknown): Product | Miss {
  if (!isRecord(value) || typeof value.name !== "string") return MISS;
  const fields = {
    sku: id(value.sku),
    offer_id: text(value.offer_id),
    quantity: int(value.quantity),
    price: price(value.price),
    currency_code: text(value.currency_code),
    mandatory_mark: marks(value.mandatory_mark),
  };
  for (const field of Object.values(fields)) if (field === MISS) return MISS;
  return { ...fields, name: value.name } as Product;
}

function method(value: unknown): Method | null | undefined | Miss {
  if (value === null || value === undefined) return value;
  if (!isRecord(value)) return MISS;
  const fields = {
    id: optionalId(value.id),
    name: text(value.name),
    warehouse_id: optionalId(value.warehouse_id),
    warehouse: text(value.warehouse),
  };
  for (const field of Object.values(fields)) if (field === MISS) return MISS;
  return fields as Method;
}

function cancellation(value: unknown): Cancellation | null | undefined | Miss {
  if (value === null || value === undefined) return value;
  if (!isRecord(value)) return MISS;
  const fields = {
    cancellation_type: text(value.cancellation_type),
    cancellation_initiator: text(value.cancellation_initiator),
    cancel_reason: text(value.cancel_reason),
  };
  for (const field of Object.values(fields)) if (field === MISS) return MISS;
  return fields as Cancellation;
}

function products(value: unknown): Product[] | null | undefined | Miss {
  if (value === null || value === undefined) return value;
  if (!Array.isArray(value)) return MISS;
  const read: Product[] = [];
  for (const item of value) {
    const one = product(item);
    if (one === MISS) return MISS;
    read.push(one);
  }
  return read;
}

/** The posting as `wirePosting` gives it, or undefined when it is not in the common shape. */
export function readWirePosting(value: unknown): WirePosting | undefined {
  if (!isRecord(value)) return undefined;
  const { posting_number: number, status } = value;
  if (typeof number !== "string" || number.length === 0 || typeof status !== "string") {
    return undefined;
  }
  const fields = {
    order_id: optionalId(value.order_id),
    order_number: text(value.order_number),
    substatus: text(value.substatus),
    shipment_date: text(value.shipment_date),
    in_process_at: text(value.in_process_at),
    tpl_integration_type: text(value.tpl_integration_type),
    tracking_number: text(value.tracking_number),
    delivery_method: method(value.delivery_method),
    products: products(value.products),
    cancellation: cancellation(value.cancellation),
  };
  for (const field of Object.values(fields)) if (field === MISS) return undefined;
  return { ...fields, posting_number: number, status } as WirePosting;
}

/**
 * A list's posting: read by hand when it is in the common shape, else by `schema` (whose issues,
 * paths included, are the list's).
 */
export function fastPosting(schema: z.ZodType<WirePosting>) {
  return z.any().transform((value, ctx): WirePosting => {
    const fast = readWirePosting(value);
    if (fast) return fast;
    const checked = schema.safeParse(value);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) ctx.issues.push({ ...issue, input: value });
    return z.NEVER;
  });
}
