/**
 * Today's methods first, the seed's forms only as a fallback. A capability names today's method
 * (`successor`, the one Ozon's current documents list) and the seed's older form (`spec`). Today's
 * method is asked first; only when it answers 404 or 410 (a store that still speaks the old API)
 * does the capability fall back to the seed's form, for the rest of the client's life and beyond
 * it when the client has a FallbackMemory (the bot's store), so a restart does not ask the missing
 * method again. The fall-back is logged once; should the seed's form answer 404 in its turn (the
 * store has moved on), today's method is asked again and the fall-back forgotten.
 * Tests: none directly
 */
import type { Logger } from "../logger.ts";
import type { AnyEndpoint } from "./endpoint.ts";
import { isRetiredMethodError } from "./errors.ts";

export interface Capability {
  readonly name: string;
  /** The seed's form: asked only where today's method is missing. */
  readonly spec: AnyEndpoint;
  /** Today's method, as Ozon's current documents list it. */
  readonly successor: AnyEndpoint;
}

export type Form = "spec" | "successor";

/** Keeps which capabilities fell back to the seed's form, across restarts and processes. */
export interface FallbackMemory {
  /** The names of the capabilities that fell back. */
  recall(): Promise<readonly string[]>;
  remember(capability: string): Promise<void>;
  /** The store has today's method again. */
  forget(capability: string): Promise<void>;
}

export function capability<const C extends Capability>(definition: C): C {
  return definition;
}

const describe = (ep: AnyEndpoint) => `${ep.method} ${ep.path}`;

export class Successors {
  readonly #fellBack = new Set<string>();
  readonly #logger: Logger | undefined;
  readonly #memory: FallbackMemory | undefined;
  #recalled: Promise<void> | undefined;

  constructor(logger?: Logger, memory?: FallbackMemory) {
    this.#logger = logger;
    this.#memory = memory;
  }

  /** The capabilities that fell back to the seed's form so far. */
  fellBack(): string[] {
    return [...this.#fellBack];
  }

  async run<T>(
    cap: Capability,
    viaSpec: () => Promise<T>,
    viaSuccessor: () => Promise<T>,
  ): Promise<{ form: Form; value: T }> {
    await this.#recall();
    if (this.#fellBack.has(cap.name)) {
      try {
        return { form: "spec", value: await viaSpec() };
      } catch (error) {
        // The seed's form is gone too: the store has moved on to today's method since.
        if (!isRetiredMethodError(error)) throw error;
        await this.#moveOn(cap);
      }
    }
    try {
      return { form: "successor", value: await viaSuccessor() };
    } catch (error) {
      if (!isRetiredMethodError(error)) throw error;
      await this.#fallBack(cap, error.status);
      return { form: "spec", value: await viaSpec() };
    }
  }

  /** Reads the memory once, before the first call. Unreadable: today's methods are tried again. */
  #recall(): Promise<void> {
    const memory = this.#memory;
    this.#recalled ??= memory
      ? memory.recall().then(
          (names) => {
            for (const name of names) this.#fellBack.add(name);
          },
          (error: unknown) => {
            this.#logger?.warn(
              { err: error },
              "Could not read which Ozon methods this store lacks",
            );
          },
        )
      : Promise.resolve();
    return this.#recalled;
  }

  async #moveOn(cap: Capability): Promise<void> {
    if (!this.#fellBack.delete(cap.name)) return;
    this.#logger?.info(
      { capability: cap.name, today: describe(cap.successor) },
      "The store answers today's Ozon method again",
    );
    await this.#memory?.forget(cap.name).catch((error: unknown) => {
      this.#logger?.warn({ err: error, capability: cap.name }, "Could not forget the fall-back");
    });
  }

  async #fallBack(cap: Capability, status: number): Promise<void> {
    // Concurrent callers may all see the 404; only the first one logs and remembers.
    if (this.#fellBack.has(cap.name)) return;
    this.#fellBack.add(cap.name);
    this.#logger?.warn(
      {
        capability: cap.name,
        missing: describe(cap.successor),
        fallback: describe(cap.spec),
        status,
      },
      "This store lacks today's Ozon method; using the seed's older form from now on",
    );
    await this.#memory?.remember(cap.name).catch((error: unknown) => {
      this.#logger?.warn(
        { err: error, capability: cap.name },
        "Could not keep the fall-back; after a restart today's method is tried again",
      );
    });
  }
}
