/**
 * Batch labels without Ozon's tasks: when `package-label/create`/`get` answer 404/410 (retired),
 * `/v2/posting/fbs/package-label` still prints up to 20 postings a call. The calls go one after
 * another (progress counts them as parts); a part Ozon refuses (say, one posting was cancelled
 * meanwhile, or Ozon no longer knows it: 404 POSTING_NOT_FOUND) is asked again posting by posting,
 * so one bad posting names itself instead of costing the other 19 their labels. A 404 that names
 * no posting (or says "obsolete") still means the method is gone and ends the batch.
 * Tests: none directly
 */
import {
  isPostingNotFoundError,
  OzonApiError,
  OzonAuthError,
  OzonRateLimitError,
} from "../../ozon/errors.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type { LabelBatch, LabelBatchOptions } from "./label-batch.ts";

/** Ozon's limit of the synchronous label method. */
export const DIRECT_LABEL_SIZE = 20;

export type PackageLabels = Pick<SellerClient["postings"], "packageLabel">;

export async function directLabels(
  postings: PackageLabels,
  numbers: readonly string[],
  options: Pick<LabelBatchOptions, "onProgress">,
  merge: (parts: readonly Uint8Array[]) => Promise<Uint8Array>,
): Promise<LabelBatch> {
  const chunks: string[][] = [];
  for (let i = 0; i < numbers.length; i += DIRECT_LABEL_SIZE) {
    chunks.push(numbers.slice(i, i + DIRECT_LABEL_SIZE));
  }
  const parts: Uint8Array[] = [];
  const unprinted: LabelBatch["unprinted"] = [];
  const report = (ready: number) =>
    options.onProgress?.({ ready, tasks: chunks.length, postings: numbers.length });
  await report(0);
  for (const [index, chunk] of chunks.entries()) {
    try {
      parts.push(await postings.packageLabel(chunk));
    } catch (error) {
      const reason = refusal(error);
      if (reason === undefined) throw error;
      if (chunk.length === 1) {
        unprinted.push({ postingNumber: chunk[0] as string, reason });
      } else {
        for (const number of chunk) {
          try {
            parts.push(await postings.packageLabel([number]));
          } catch (one) {
            const why = refusal(one);
            if (why === undefined) throw one;
            unprinted.push({ postingNumber: number, reason: why });
          }
        }
      }
    }
    await report(index + 1);
  }
  return {
    pdf: parts.length > 0 ? await merge(parts) : undefined,
    printed: numbers.length - unprinted.length,
    unprinted,
  };
}

/**
 * Ozon's text when it refused these postings (a 4xx about the request, or a 404 naming a posting
 * it does not know); undefined for failures that are not about the postings (the method retired:
 * 410, or a 404 that names no posting; rate limit, keys, network, 5xx): those end the batch.
 */
function refusal(error: unknown): string | undefined {
  if (isPostingNotFoundError(error)) return error.apiMessage;
  if (!(error instanceof OzonApiError)) return undefined;
  if (error instanceof OzonRateLimitError || error instanceof OzonAuthError) return undefined;
  const { status } = error;
  if (status < 400 || status >= 500 || status === 404 || status === 410) return undefined;
  return error.apiMessage || String(error.code ?? status);
}
