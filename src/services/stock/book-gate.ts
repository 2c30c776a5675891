/**
 * Turns for reading uploaded workbooks: a few at once in the process (each a worker with up to
 * 256 MB of heap), one at a time per person; the others wait in the order they came, and a
 * queue that is already long refuses more instead of holding their files.
 * Tests: test/services/stock/book-gate.test.ts
 */

export interface BookGateOptions {
  /** Reads at once (default 2). */
  atOnce?: number;
  /** Previews waiting at most; beyond it a file is refused for now (default 20). */
  waitingMax?: number;
}

export interface BookTurn {
  /** Previews before this one (0: it starts now). */
  ahead: number;
  /** Resolves when it is this one's turn, with what ends the turn. */
  ready: Promise<() => void>;
}

interface Waiting {
  person: number;
  start(): void;
}

export class BookGate {
  readonly #atOnce: number;
  readonly #waitingMax: number;
  /** People reading now. */
  readonly #running = new Set<number>();
  readonly #waiting: Waiting[] = [];

  constructor(options: BookGateOptions = {}) {
    this.#atOnce = options.atOnce ?? 2;
    this.#waitingMax = options.waitingMax ?? 20;
  }

  /** A turn for `person`'s file; undefined when too many wait already. */
  enter(person: number): BookTurn | undefined {
    if (this.#waiting.length >= this.#waitingMax) return undefined;
    let entry: Waiting | undefined;
    const ready = new Promise<() => void>((resolve) => {
      entry = { person, start: () => resolve(this.#release(person)) };
      this.#waiting.push(entry);
    });
    this.#next();
    const place = this.#waiting.indexOf(entry as Waiting);
    return { ahead: place < 0 ? 0 : place + this.#running.size, ready };
  }

  /** Reads now, and previews waiting (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running.size, waiting: this.#waiting.length };
  }

  #next(): void {
    for (let i = 0; i < this.#waiting.length && this.#running.size < this.#atOnce; ) {
      const one = this.#waiting[i] as Waiting;
      if (this.#running.has(one.person)) {
        i++;
        continue;
      }
      this.#waiting.splice(i, 1);
      this.#running.add(one.person);
      one.start();
    }
  }

  #release(person: number): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#running.delete(person);
      this.#next();
    };
  }
}
