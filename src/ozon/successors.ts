/**
 * Successors of retired methods. A capability names the spec's endpoint and the one the live
 * service moved to; the spec form is tried first, and once it answers 404 or 410 the capability
 * uses the successor for the rest of the client's life, and beyond it when the client has a
 * SuccessorMemory (the bot's store): a restart does not ask each retired form again. The move
 * is logged once.
 */
import type { Logger } from "../logger.ts";
import type { AnyEndpoint } from "./endpoint.ts";
import { isRetiredMethodError } from "./errors.ts";

export interface Capability {
  readonly name: string;
  readonly spec: AnyEndpoint;
  readonly successor: AnyEndpoint;
}

export type Form = "spec" | "successor";

/** Keeps which capabilities moved, across restarts and processes. */
export interface SuccessorMemory {
  /** The names of the capabilities that moved. */
  recall(): Promise<readonly string[]>;
  remember(capability: string): Promise<void>;
}

export function capability<const C extends Capability>(definition: C): C {
  return definition;
}

const describe = (ep: AnyEndpoint) => `${ep.method} ${ep.path}`;

export class Successors {
  readonly #moved = new Set<string>();
  readonly #logger: Logger | undefined;
  readonly #memory: SuccessorMemory | undefined;
  #recalled: Promise<void> | undefined;

  constructor(logger?: Logger, memory?: SuccessorMemory) {
    this.#logger = logger;
    this.#memory = memory;
  }

  /** The capabilities that have moved so far. */
  moved(): string[] {
    return [...this.#moved];
  }

  async run<T>(
    cap: Capability,
    viaSpec: () => Promise<T>,
    viaSuccessor: () => Promise<T>,
  ): Promise<{ form: Form; value: T }> {
    await this.#recall();
    if (this.#moved.has(cap.name)) return { form: "successor", value: await viaSuccessor() };
    try {
      return { form: "spec", value: await viaSpec() };
    } catch (error) {
      if (!isRetiredMethodError(error)) throw error;
      await this.#moveOn(cap, error.status);
      return { form: "successor", value: await viaSuccessor() };
    }
  }

  /** Reads the memory once, before the first call. Unreadable: the spec forms are tried again. */
  #recall(): Promise<void> {
    const memory = this.#memory;
    this.#recalled ??= memory
      ? memory.recall().then(
          (names) => {
            for (const name of names) this.#moved.add(name);
          },
          (error: unknown) => {
            this.#logger?.warn({ err: error }, "Could not read which Ozon methods were retired");
          },
        )
      : Promise.resolve();
    return this.#recalled;
  }

  async #moveOn(cap: Capability, status: number): Promise<void> {
    // Concurrent callers may all see the 404; only the first one logs and remembers.
    if (this.#moved.has(cap.name)) return;
    this.#moved.add(cap.name);
    this.#logger?.warn(
      {
        capability: cap.name,
        retired: describe(cap.spec),
        successor: describe(cap.successor),
        status,
      },
      "Ozon retired a documented method; using its successor from now on",
    );
    await this.#memory?.remember(cap.name).catch((error: unknown) => {
      this.#logger?.warn(
        { err: error, capability: cap.name },
        "Could not keep the move to the successor; after a restart the retired form is tried again",
      );
    });
  }
}
