/** Tests: test/store/open-store.test.ts, test/store/redis.test.ts, test/store/sqlite.test.ts */
export type StoreOpenProblem =
  | "locked"
  | "corrupt"
  | "unreadable"
  | "unwritable"
  | "unsupported"
  | "unreachable";

/**
 * The store could not be opened; the bot must stop. The message names the file (or the Redis
 * address, password masked) and what to do; nothing has been reset or overwritten.
 */
export class StoreOpenError extends Error {
  readonly problem: StoreOpenProblem;
  /** The SQLite file or directory concerned, or the masked Redis URL. */
  readonly location: string;

  constructor(problem: StoreOpenProblem, location: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "StoreOpenError";
    this.problem = problem;
    this.location = location;
  }
}

export function isStoreOpenError(error: unknown): error is StoreOpenError {
  return error instanceof StoreOpenError;
}
