/**
 * Two bot processes on one Redis: the one holding the pollers is killed with SIGKILL while
 * postings and buyer messages keep coming. The other takes the pollers over within 15 s, and
 * nothing is lost: every posting reaches the subscriber and every buyer message the relay group,
 * with at most one sent twice (the send in flight when the process died).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { command, group } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";
import { ADMIN, redis, startWorld, type World } from "./processes-world.ts";

let w: World;
const TEAM = group(-1009201, { title: "Team" });

redis.describe("kill -9 of the process holding the pollers", () => {
  beforeAll(async () => {
    w = await startWorld({ env: { POSTINGS_POLL_SECONDS: "0.3", CHATS_POLL_SECONDS: "0.3" } });
  }, 60_000);
  afterAll(() => w?.close());

  const holderPid = async (name: string) =>
    Number(
      String(await w.redis.get(`${w.prefix}lease:${name}`))
        .split('"')
        .join("")
        .split("|")[1],
    );
  const requestsTo = (path: string) =>
    w.sandbox.requests.filter((r) => r.path.endsWith(path)).length;
  /** How often each needle appears in the texts sent to a chat. */
  const countsIn = (chatId: number, needles: string[]) => {
    const texts = w.fake.textsTo(chatId);
    return needles.map((n) => texts.filter((t) => t.includes(n)).length);
  };

  it("the other process takes over within 15 s; no posting or buyer message lost, at most one twice", async () => {
    await w.hooks.deliver(command("subscribe", { from: ADMIN }));
    await w.hooks.deliver(command("relay_here", { from: ADMIN, chat: TEAM }));
    // Both pollers had a pass after the subscription and the relay group were set.
    const lists = requestsTo("/unfulfilled/list");
    const chatLists = requestsTo("/chat/list");
    await waitFor(
      () => requestsTo("/unfulfilled/list") > lists + 1 && requestsTo("/chat/list") > chatLists + 1,
      { timeoutMs: 10_000, message: "both pollers polling" },
    );

    const postings: string[] = [];
    const messages: string[] = [];
    const chat = w.sandbox.control.addChat();
    const more = (round: string, n: number) => {
      for (let i = 0; i < n; i++) {
        postings.push(w.sandbox.control.addPosting().postingNumber);
        const text = `buyer asks ${round}-${i}`;
        w.sandbox.control.buyerWrites(chat.id, { text });
        messages.push(text);
      }
    };
    more("before", 3);
    await waitFor(() => countsIn(ADMIN.id, postings).every((c) => c > 0), {
      timeoutMs: 15_000,
      message: "alerts before the kill",
    });

    const pid = await holderPid("postings");
    const victim = w.processes.find((p) => p.run.child.pid === pid);
    const survivor = w.processes.find((p) => p.run.child.pid !== pid);
    if (!victim || !survivor) throw new Error(`no process holds the postings lease (${pid})`);
    more("during", 3); // the holder may be sending these when it dies
    victim.run.child.kill("SIGKILL");
    await victim.run.exit;
    const killedAt = Date.now();
    more("after", 3);

    await waitFor(
      async () =>
        (await holderPid("postings")) === survivor.run.child.pid &&
        (await holderPid("chat-relay")) === survivor.run.child.pid,
      { timeoutMs: 15_000, message: "the survivor holding both leases" },
    );
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await waitFor(
      () =>
        countsIn(ADMIN.id, postings).every((c) => c > 0) &&
        countsIn(TEAM.id, messages).every((c) => c > 0),
      { timeoutMs: 40_000, message: "every posting and buyer message delivered" },
    );
    const twice = [...countsIn(ADMIN.id, postings), ...countsIn(TEAM.id, messages)].filter(
      (c) => c > 1,
    );
    expect(twice.length).toBeLessThanOrEqual(1);
  }, 90_000);
});
