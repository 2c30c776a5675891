/**
 * A batch of labels: what it is asked with and what it gives back (labels.ts, labels-direct.ts).
 * Tests: none directly
 */

export interface LabelProgress {
  /** Tasks whose file is in. */
  ready: number;
  tasks: number;
  postings: number;
}

export interface LabelBatchOptions {
  pollMs?: number;
  /** Ozon still preparing after this long: give up with LabelsNotReadyError. */
  maxWaitMs?: number;
  onProgress?: (progress: LabelProgress) => void | Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface LabelBatch {
  /** One PDF of every printed label; undefined when none was printed. */
  pdf: Uint8Array | undefined;
  printed: number;
  unprinted: Array<{ postingNumber: string; reason: string }>;
}
