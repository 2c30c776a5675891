/**
 * Product questions and reviews, the Seller client against the sandbox over HTTP: every page in
 * order, answers and comments reach the sandbox, and "no Premium Plus" is a 403 (code 7) that
 * the shop's health does not take for refused keys.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OzonApiError, OzonAuthError } from "../../../src/ozon/errors.ts";
import type { KeysVerdict } from "../../../src/ozon/http.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe("Seller client: product questions", () => {
  it("lists every page oldest first and answers with question_id and sku", async () => {
    sandbox = await startSandbox();
    const outcomes: KeysVerdict[] = [];
    const seller = sandboxSeller(sandbox, { observer: (o) => outcomes.push(o) });
    const start = new Date(Date.now() - 1000);
    const asked = Array.from({ length: 23 }, (_, i) =>
      sandbox?.control.addQuestion({ text: `Вопрос ${i}`, authorName: "Ира" }),
    );
    const listed = await collect(seller.questions.questionsSince(start));
    expect(listed.map((q) => q.text)).toEqual(asked.map((q) => q?.text));
    expect(sandbox.counters()["POST /v1/question/list"]).toBe(3);
    const first = listed[0];
    if (!first) throw new Error("no question");
    expect(first).toMatchObject({ authorName: "Ира", answersCount: 0 });
    expect(first.productUrl).toBe(`https://www.ozon.ru/product/${first.sku}/`);

    expect(await seller.questions.answerQuestion(first.id, first.sku, "Да, подойдёт")).not.toBe("");
    const stored = sandbox.control.questions().find((q) => q.id === first.id);
    // An answer alone leaves it new, as at Ozon; change-status marks it, and the list shows it.
    expect(stored).toMatchObject({ status: "NEW", answers: [{ text: "Да, подойдёт" }] });
    await seller.questions.setQuestionStatus([first.id], "PROCESSED");
    const relisted = await collect(seller.questions.questionsSince(start));
    expect(relisted.find((q) => q.id === first.id)?.status).toBe("PROCESSED");
    expect(relisted.filter((q) => q.status === "NEW")).toHaveLength(22);
    await expect(
      seller.questions.setQuestionStatus(["no-such"], "PROCESSED"),
    ).rejects.toBeInstanceOf(OzonApiError);
    await expect(seller.questions.answerQuestion(first.id, "1", "Да")).rejects.toThrow(/sku/);

    sandbox.control.setPremiumPlus(false);
    const refused = await collect(seller.questions.questionsSince(start)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OzonAuthError);
    expect(refused).toMatchObject({ status: 403, code: 7 });
    expect(outcomes).not.toContain("refused");
    await seller.close();
  });
});

describe("Seller client: reviews", () => {
  it("lists reviews with their rating and comments one", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox);
    const start = new Date(Date.now() - 1000);
    sandbox.control.addReview({ text: "Плохо", rating: 2 });
    sandbox.control.addReview({ text: "Отлично", rating: 5 });
    const listed = await collect(seller.questions.reviewsSince(start));
    expect(listed.map((r) => [r.text, r.rating])).toEqual([
      ["Плохо", 2],
      ["Отлично", 5],
    ]);
    await seller.questions.commentReview(listed[0]?.id ?? "", "Простите, вернём деньги");
    expect(sandbox.control.reviews()[0]).toMatchObject({
      status: "PROCESSED",
      comments: [{ text: "Простите, вернём деньги" }],
    });
    await seller.close();
  });
});

describe("Seller client: questions and reviews without an answer (Home's counts)", () => {
  it("counts what is not processed in one call each; a missing subscription is OzonAuthError", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox);
    const asked = [1, 2, 3].map(() => sandbox?.control.addQuestion({}));
    sandbox.control.addReview({ rating: 4 });
    sandbox.control.addReview({ rating: 1 });
    await seller.questions.setQuestionStatus([asked[0]?.id ?? ""], "PROCESSED");
    const before = sandbox.requests.length;
    expect(await seller.questions.unansweredQuestions()).toBe(2);
    expect(await seller.questions.unansweredReviews()).toBe(2);
    expect(sandbox.requests.length - before).toBe(2);
    expect(sandbox.counters()["POST /v1/question/count"]).toBe(1);
    expect(sandbox.counters()["POST /v2/review/count"]).toBe(1);

    sandbox.control.setPremiumPlus(false);
    await expect(seller.questions.unansweredQuestions()).rejects.toBeInstanceOf(OzonAuthError);
    sandbox.control.setReviewsSubscription(false);
    await expect(seller.questions.unansweredReviews()).rejects.toMatchObject({
      status: 403,
      code: 7,
    });
    await seller.close();
  });
});
