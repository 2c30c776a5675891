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
 * This is the only way: no other module makes button data (test/architecture.test.ts) and the
 * router takes presses only through a declaration. A kind is taken by one declaration (declaring
 * it twice throws), and `declaredButtons` lists them all by name.
 * Tests: test/bot/core/buttons.test.ts, test/bot/core/button-registry.test.ts and 3 more
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

/** The arguments of one shape as a handler gets them: each schema's output, in order. */
type ArgumentsOf<Items extends readonly ArgumentSchema[]> = {
  -readonly [K in keyof Items]: z.output<Items[K]>;
};

/** Declares a button kind with its arguments' schemas, in order (optional ones last). */
export function declareButton<const Items extends ArgumentSchema[]>(
  kind: string,
  name: string,
  ...items: Items
): ButtonKind<ArgumentsOf<Items>> {
  return declareButtonShapes(kind, name, items);
}

/**
 * A kind whose presses come in several shapes, told apart by their first argument (an action:
 * `us:p:<page>`, `us:o:<person>:<page>`). A press is read as the first shape it fits; the handler
 * gets a union of tuples, which TypeScript narrows once the handler has checked the action.
 *
 *   export const USERS = declareButtonShapes("us", "people: /users",
 *     [z.literal("p"), PAGE_ARG],
 *     [z.literal("o"), TELEGRAM_ID_ARG, PAGE_ARG.optional()]);
 */
export function declareButtonShapes<const Shapes extends readonly (readonly ArgumentSchema[])[]>(
  kind: string,
  name: string,
  ...shapes: Shapes
): ButtonKind<{ [S in keyof Shapes]: ArgumentsOf<Shapes[S]> }[number]> {
  type Args = { [S in keyof Shapes]: ArgumentsOf<Shapes[S]> }[number];
  const taken = declared.get(kind);
  if (taken !== undefined) throw new Error(`button kind "${kind}" is declared twice (${taken})`);
  declared.set(kind, name);
  const schemas = shapes.map((items) =>
    z.tuple(items as unknown as [ArgumentSchema, ...ArgumentSchema[]]),
  );
  return {
    kind,
    name,
    data(codec, ...args) {
      const values = [...(args as readonly unknown[])];
      while (values.length > 0 && values.at(-1) === undefined) values.pop();
      return codec.encode(kind, ...values.map(String));
    },
    parse(args) {
      for (const schema of schemas) {
        const parsed = schema.safeParse(args);
        if (parsed.success) return parsed.data as unknown as Args;
      }
      return undefined;
    },
  };
}

/** Every declared button kind with its name. */
export function declaredButtons(): ReadonlyMap<string, string> {
  return declared;
}
