/**
 * A document with a caption goes to the buyer as two Ozon messages. When the file arrived and
 * only the caption did not, the sender must not read "not sent" and send the file again.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { document } from "../../../support/updates.ts";
import {
  bytesOf,
  openBuyerChats,
  type RelayEnv,
  resultOf,
  SELLER,
  sellerMessages,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("a file whose caption did not go", () => {
  it("says the file reached the buyer and only the text did not", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.module.runOnce();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const written = e.sandbox.control.buyerWrites(chat.id, { text: "Пришлите договор" });
    await e.module.runOnce();
    const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;

    e.sandbox.control.setFault("POST /v1/chat/send/message", { rate5xx: 1, status5xx: 503 });
    const file = e.fake.registerFile(bytesOf(1_500, 5), { fileName: "contract.pdf" });
    const update = document({
      from: SELLER,
      replyTo: resultOf(relayed),
      fileId: file.file_id,
      fileName: "contract.pdf",
      caption: "Договор во вложении",
    });
    await e.send(update);

    const toBuyer = sellerMessages(e.sandbox, chat.id, written.id);
    expect(toBuyer.map((m) => m.file?.name ?? m.text)).toEqual(["contract.pdf"]);
    const answer = e.fake
      .callsTo("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === SELLER.id)
      .map((c) => String(c.payload.text))
      .at(-1);
    expect(answer).toContain("contract.pdf");
    expect(answer).toContain("Ozon is not answering");
  });
});
