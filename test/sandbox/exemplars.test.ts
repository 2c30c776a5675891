/**
 * Today's packing methods over HTTP: a posting's units (create-or-get), their values checked
 * (validate), sent (set) and judged (status), and the v4 ship that refuses a posting whose units'
 * values were not accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXEMPLAR_ERRORS, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type Answer, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 7, initialPostings: 0, historyPostings: 0 });
});
afterAll(() => sb.close());

const errorOf = (res: Answer) => ({
  status: res.status,
  code: res.json?.code,
  message: res.json?.message,
});
const product = (offerId: string) => {
  const found = sb.control.products().find((p) => p.offerId === offerId);
  if (!found) throw new Error(`no product ${offerId}`);
  return found;
};
const createOrGet = async (postingNumber: string) =>
  (
    await seller(sb, "/v6/fbs/posting/product/exemplar/create-or-get", {
      posting_number: postingNumber,
    })
  ).json;
const status = async (postingNumber: string) =>
  (await seller(sb, "/v5/fbs/posting/product/exemplar/status", { posting_number: postingNumber }))
    .json;
const set = (body: unknown) => seller(sb, "/v6/fbs/posting/product/exemplar/set", body);
const ship = (postingNumber: string, sku: number, quantity: number) =>
  seller(sb, "/v4/posting/fbs/ship", {
    posting_number: postingNumber,
    packages: [{ products: [{ product_id: sku, quantity }] }],
  });
/** Status read until Ozon's check is over (a bounded number of reads). */
async function settled(postingNumber: string) {
  for (let read = 0; read < 10; read++) {
    const answer = await status(postingNumber);
    if (answer.status !== "validation_in_process") return answer;
  }
  throw new Error("Ozon's check never ended");
}

describe("what each product needs (seeded)", () => {
  it("marks for shoes, GTD for imported headphones, GTD and RNPT for the charger, weight for coffee", () => {
    const needs = (offerId: string) => {
      const p = product(offerId);
      return { mark: p.markRequired, ...p.needs };
    };
    const none = { gtd: false, rnpt: false, imei: false, jwUin: false, weight: null };
    expect(needs("SNK-NIMBUS-43-BLK")).toEqual({ mark: true, ...none });
    expect(needs("TWS-ANC-PRO-BLK")).toEqual({ mark: false, ...none, gtd: true });
    expect(needs("CHG-GAN-65W")).toEqual({ mark: false, ...none, gtd: true, rnpt: true });
    expect(needs("CFE-ARB-1KG")).toEqual({
      mark: false,
      ...none,
      weight: { min: 0.95, max: 1.05 },
    });
    expect(needs("KTL-GLS-17-LED")).toEqual({ mark: false, ...none });
  });

  it("create-or-get names each product's needs and gives each unit an id, the same ids again", async () => {
    const shoes = product("SNK-NIMBUS-43-BLK");
    const kettle = product("KTL-GLS-17-LED");
    const posting = sb.control.addPosting({
      products: [
        { sku: shoes.sku, quantity: 2 },
        { sku: kettle.sku, quantity: 1 },
      ],
    });
    const first = await createOrGet(posting.postingNumber);
    expect(first.posting_number).toBe(posting.postingNumber);
    const [marked, plain] = first.products;
    expect(marked).toMatchObject({
      product_id: shoes.sku,
      quantity: 2,
      is_mandatory_mark_needed: true,
      is_gtd_needed: false,
      is_rnpt_needed: false,
      is_weight_needed: false,
      has_imei: false,
      is_jw_uin_needed: false,
    });
    expect(marked.exemplars).toHaveLength(2);
    expect(plain).toMatchObject({ product_id: kettle.sku, is_mandatory_mark_needed: false });
    expect(await createOrGet(posting.postingNumber)).toEqual(first);
    // The v3 get says the same in `requirements`.
    const got = await seller(sb, "/v3/posting/fbs/get", { posting_number: posting.postingNumber });
    expect(got.json.result.requirements.products_requiring_mandatory_mark).toEqual([
      String(shoes.sku),
    ]);
  });
});

describe("marks: sent, judged, then shipped with the posting", () => {
  it("a used mark and a malformed one are refused in status; the corrected set ships", async () => {
    const shoes = product("SNK-NIMBUS-43-BLK");
    const number = sb.control.addPosting({
      products: [{ sku: shoes.sku, quantity: 2 }],
    }).postingNumber;
    // Nothing sent: v4 refuses as Ozon does.
    expect(errorOf(await ship(number, shoes.sku, 2))).toEqual({
      status: 400,
      code: 3,
      message: "EXEMPLAR_INFO_NOT_FILLED_COMPLETELY",
    });
    const ids: number[] = (await createOrGet(number)).products[0].exemplars.map(
      (e: { exemplar_id: number }) => e.exemplar_id,
    );
    const used = sb.control.units.usedMark();
    const body = (marks: string[]) => ({
      posting_number: number,
      products: [
        {
          product_id: shoes.sku,
          exemplars: ids.map((id, i) => ({
            exemplar_id: id,
            marks: [{ mark: marks[i], mark_type: "mandatory_mark" }],
          })),
        },
      ],
    });
    const sent = await set(body([used, "BAD-0000000000000000000"]));
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({});
    // Ozon checks afterwards: the first read says so, then the verdict.
    const checking = await status(number);
    expect(checking.status).toBe("validation_in_process");
    expect(checking.products[0].exemplars[0].marks[0].check_status).toBe("processing");
    const verdict = await settled(number);
    expect(verdict.status).toBe("ship_not_available");
    expect(
      verdict.products[0].exemplars.map(
        (e: { marks: Array<{ check_status: string; error_codes: string[] }> }) => [
          e.marks[0]?.check_status,
          e.marks[0]?.error_codes,
        ],
      ),
    ).toEqual([
      ["failed", [EXEMPLAR_ERRORS.markUsed]],
      ["failed", [EXEMPLAR_ERRORS.markFormat]],
    ]);
    expect(errorOf(await ship(number, shoes.sku, 2)).message).toBe(
      "EXEMPLAR_INFO_NOT_FILLED_COMPLETELY",
    );

    const good = [sb.control.sampleMark(), sb.control.sampleMark()];
    expect((await set(body(good))).status).toBe(200);
    expect((await settled(number)).status).toBe("ship_available");
    expect((await ship(number, shoes.sku, 2)).status).toBe(200);
    expect(sb.control.posting(number)?.products[0]?.marks).toEqual(good);

    // Shipped, the marks are in circulation: another posting cannot use them.
    const other = sb.control.addPosting({
      products: [{ sku: shoes.sku, quantity: 1 }],
    }).postingNumber;
    const [otherId] = (await createOrGet(other)).products[0].exemplars.map(
      (e: { exemplar_id: number }) => e.exemplar_id,
    );
    await set({
      posting_number: other,
      products: [
        {
          product_id: shoes.sku,
          exemplars: [
            { exemplar_id: otherId, marks: [{ mark: good[0], mark_type: "mandatory_mark" }] },
          ],
        },
      ],
    });
    const again = await settled(other);
    expect(again.products[0].exemplars[0].marks[0].error_codes).toEqual([EXEMPLAR_ERRORS.markUsed]);
  });

  it("validate checks the form only and keeps nothing", async () => {
    const shoes = product("SNK-NIMBUS-43-BLK");
    const number = sb.control.addPosting({
      products: [{ sku: shoes.sku, quantity: 1 }],
    }).postingNumber;
    const good = sb.control.sampleMark();
    const res = await seller(sb, "/v5/fbs/posting/product/exemplar/validate", {
      posting_number: number,
      products: [
        {
          product_id: shoes.sku,
          exemplars: [
            { marks: [{ mark: good, mark_type: "mandatory_mark" }] },
            { marks: [{ mark: "short", mark_type: "mandatory_mark" }] },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    const [verdict] = res.json.products;
    expect(verdict.valid).toBe(false);
    expect(verdict.exemplars.map((e: { valid: boolean }) => e.valid)).toEqual([true, false]);
    expect(verdict.exemplars[1].marks[0].errors).toEqual([EXEMPLAR_ERRORS.markFormat]);
    expect(sb.control.units.of(number)).toBeNull();
  });

  it("set refuses a unit of another product and a posting no longer awaiting packaging", async () => {
    const shoes = product("SNK-NIMBUS-43-BLK");
    const number = sb.control.addPosting({
      products: [{ sku: shoes.sku, quantity: 1 }],
    }).postingNumber;
    await createOrGet(number);
    const wrong = await set({
      posting_number: number,
      products: [{ product_id: shoes.sku, exemplars: [{ exemplar_id: 1 }] }],
    });
    expect(errorOf(wrong)).toEqual({
      status: 400,
      code: 3,
      message: `exemplar 1 does not belong to product ${shoes.sku}`,
    });
    sb.control.setPostingStatus(number, "awaiting_deliver");
    const late = await seller(sb, "/v5/fbs/posting/product/exemplar/status", {
      posting_number: number,
    });
    expect(errorOf(late).message).toBe("Posting must have 'awaiting_packaging' status");
  });
});

describe("GTD, RNPT, weight, IMEI", () => {
  it("GTD and RNPT may be said to be absent; a malformed one is refused in Ozon's words", async () => {
    const charger = product("CHG-GAN-65W");
    const number = sb.control.addPosting({
      products: [{ sku: charger.sku, quantity: 1 }],
    }).postingNumber;
    const [id] = (await createOrGet(number)).products[0].exemplars.map(
      (e: { exemplar_id: number }) => e.exemplar_id,
    );
    const send = (values: Record<string, unknown>) =>
      set({
        posting_number: number,
        products: [{ product_id: charger.sku, exemplars: [{ exemplar_id: id, ...values }] }],
      });
    await send({ gtd: "12345", is_rnpt_absent: true });
    const refused = (await settled(number)).products[0].exemplars[0];
    expect([refused.gtd_check_status, refused.gtd_error_codes]).toEqual([
      "failed",
      [EXEMPLAR_ERRORS.gtdFormat],
    ]);
    expect(refused.rnpt_check_status).toBe("passed");
    await send({ is_gtd_absent: true, rnpt: sb.control.units.sample("rnpt") });
    expect((await settled(number)).status).toBe("ship_available");
    expect((await ship(number, charger.sku, 1)).status).toBe(200);
  });

  it("a product made to need an IMEI and weight through the control: v4 says WEIGHT_IS_REQUIRED, then ships", async () => {
    const kettle = product("KTL-GLS-17-LED");
    const number = sb.control.addPosting({
      products: [{ sku: kettle.sku, quantity: 1, needs: { weight: { min: 1, max: 2 } } }],
    }).postingNumber;
    expect(errorOf(await ship(number, kettle.sku, 1)).message).toBe(EXEMPLAR_ERRORS.weightMissing);
    sb.control.units.setNeeds(kettle.sku, { imei: true });
    const answer = await createOrGet(number);
    expect(answer.products[0]).toMatchObject({
      has_imei: true,
      is_weight_needed: true,
      weight_min: 1,
      weight_max: 2,
    });
    const id = answer.products[0].exemplars[0].exemplar_id;
    const send = (weight: number) =>
      set({
        posting_number: number,
        products: [
          {
            product_id: kettle.sku,
            exemplars: [
              {
                exemplar_id: id,
                weight,
                marks: [{ mark: sb.control.units.sample("imei"), mark_type: "imei" }],
              },
            ],
          },
        ],
      });
    await send(2.5);
    const heavy = (await settled(number)).products[0].exemplars[0];
    expect(heavy.weight_error_codes).toEqual([EXEMPLAR_ERRORS.weightRange]);
    await send(1.35);
    expect((await settled(number)).status).toBe("ship_available");
    expect((await ship(number, kettle.sku, 1)).status).toBe(200);
    sb.control.units.setNeeds(kettle.sku, { imei: false });
  });

  it("the check can stay processing for as many reads as a test wants", async () => {
    const tws = product("TWS-ANC-PRO-BLK");
    const number = sb.control.addPosting({
      products: [{ sku: tws.sku, quantity: 1 }],
    }).postingNumber;
    const [id] = (await createOrGet(number)).products[0].exemplars.map(
      (e: { exemplar_id: number }) => e.exemplar_id,
    );
    sb.control.units.setCheckPolls(3);
    await set({
      posting_number: number,
      products: [{ product_id: tws.sku, exemplars: [{ exemplar_id: id, is_gtd_absent: true }] }],
    });
    const reads = [];
    for (let i = 0; i < 4; i++) reads.push((await status(number)).status);
    expect(reads).toEqual([
      "validation_in_process",
      "validation_in_process",
      "validation_in_process",
      "ship_available",
    ]);
    sb.control.units.setCheckPolls(1);
  });
});
