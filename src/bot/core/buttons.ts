/**
 * Typed buttons: each kind is declared once with its callback kind (the short prefix of its
 * signed data, callback-data.ts), a readable name and a zod tuple of its arguments. Making a
 * button (`data`) and reading a press (`parse`, through `Router.button`) both go through the
 * declaration: a press whose arguments do not fit is refused in one place, and the handler gets
 * typed arguments, never split strings.
 *
 *   export const RETRY = declareButton("rr", "report retry", z.string().min(1), SHOP_REF.optional());
 *   keyboard.text(label, RETRY.data(codec, jobId, shopRef));
 *   router.button(RETRY, ["manager"], async (ctx, [jobId, shopRef]) => { ... });
 *
 * The untyped way (`codec.encode(kind, ...)` with `router.callback(kind, ...)`) keeps working;
 * a kind declared here is taken by no one else (declaring it twice throws), and `declaredButtons`
 * lists them all by name.
 */
import { z } from "zod";
import type { CallbackCodec } from "./callback-data.ts";

/**
 * One argument of a button: made from its value with String(), read back from that string (so a
 * number is `z.coerce.number()`, and only the last ones may be optional).
 */
type ArgumentSchema = z.ZodType;

export interface ButtonKind<A extends readonly unknown[]> {
  /** The callback kind in the signed data. */
  readonly kind: string;
  /** What the button is, for people reading the registry. */
  readonly name: string;
  /** Signed data of one button of this kind (trailing undefined arguments are left out). */
  data(codec: CallbackCodec, ...args: A): string;
  /** A press's arguments as declared, or undefined when they do not fit. */
  parse(args: readonly string[]): A | undefined;
}

const declared = new Map<string, string>();

/** Declares a button kind with its arguments' schemas, in order (optional ones last). */
export function declareButton<const Items extends ArgumentSchema[]>(
  kind: string,
  name: string,
  ...items: Items
): ButtonKind<{ [K in keyof Items]: z.output<Items[K]> }> {
  type Args = { [K in keyof Items]: z.output<Items[K]> };
  const taken = declared.get(kind);
  if (taken !== undefined) throw new Error(`button kind "${kind}" is declared twice (${taken})`);
  declared.set(kind, name);
  const schema = z.tuple(items as unknown as [ArgumentSchema, ...ArgumentSchema[]]);
  return {
    kind,
    name,
    data(codec, ...args) {
      const values = [...(args as readonly unknown[])];
      while (values.length > 0 && values.at(-1) === undefined) values.pop();
      return codec.encode(kind, ...values.map(String));
    },
    parse(args) {
      const parsed = schema.safeParse(args);
      return parsed.success ? (parsed.data as unknown as Args) : undefined;
    },
  };
}

/** Every declared button kind with its name. */
export function declaredButtons(): ReadonlyMap<string, string> {
  return declared;
}
