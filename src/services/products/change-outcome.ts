/**
 * How a change of a product's stock or prices ended, in plain data (JSON-safe).
 * Tests: none directly
 */
export type ChangeOutcome =
  | { kind: "done" }
  | { kind: "refused"; code: string; message: string }
  /**
   * Ozon's limit on changes: `retryAt` is when to try again (epoch ms); `limit` which one (a
   * product's stock at a warehouse every 30 s, its price 10 times an hour).
   */
  | { kind: "limited"; retryAt: number; limit?: "stock" | "price" }
  /** Someone (a double tap, another process) sent this very change; its answer if known. */
  | { kind: "duplicate"; outcome?: ChangeOutcome };
