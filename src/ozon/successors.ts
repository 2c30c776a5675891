/**
 * Successors of retired methods. A capability names the spec's endpoint and the one the live
 * service moved to; the spec form is tried first, and once it answers 404 or 410 the capability
 * uses the successor for the rest of the client's life. The move is logged once.
 */
import type { Logger } from "../logger.ts";
import { isRetiredMethodError } from "./errors.ts";
import type { AnyEndpoint } from "./http.ts";

export interface Capability {
  readonly name: string;
  readonly spec: AnyEndpoint;
  readonly successor: AnyEndpoint;
}

export type Form = "spec" | "successor";

export function capability<const C extends Capability>(definition: C): C {
  return definition;
}

const describe = (ep: AnyEndpoint) => `${ep.method} ${ep.path}`;

export class Successors {
  readonly #moved = new Set<string>();
  readonly #logger: Logger | undefined;

  constructor(logger?: Logger) {
    this.#logger = logger;
  }

  /** Which form a capability uses now. */
  formOf(cap: Capability): Form {
    return this.#moved.has(cap.name) ? "successor" : "spec";
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
    if (this.#moved.has(cap.name)) return { form: "successor", value: await viaSuccessor() };
    try {
      return { form: "spec", value: await viaSpec() };
    } catch (error) {
      if (!isRetiredMethodError(error)) throw error;
      this.#moveOn(cap, error.status);
      return { form: "successor", value: await viaSuccessor() };
    }
  }

  #moveOn(cap: Capability, status: number): void {
    // Concurrent callers may all see the 404; only the first one logs.
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
  }
}
