// node bench/downloads.ts — chat file downloads against answers that would not end well, from
// the sandbox over real HTTP on 127.0.0.1, with the production limits (50 MB cap, 60 s deadline).
//
// 1. A 200 MB file, with and without Content-Length: how it ends, how long it takes, and how
//    many body bytes the sandbox wrote before the bot hung up (an upper bound of what the bot
//    read: it includes what sat in the socket buffers).
// 2. A body that trickles one byte a second: when the download is given up (the deadline), and
//    how long the relay's stop() (SIGTERM) waits for a pass stuck in such a download.
//    `DEADLINE_MS=5000 node bench/downloads.ts` shortens the wait of the first figure.
import { startSandbox } from "../src/sandbox/index.ts";
import { ChatRelay } from "../src/services/chats/relay/chat-relay.ts";
import { createRelayRepositories } from "../src/services/chats/relay/repositories.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { sandboxSeller } from "../test/support/sandbox-seller.ts";
import { waitFor } from "../test/support/wait.ts";

const MB = 1024 * 1024;
const deadlineMs = Number(process.env.DEADLINE_MS ?? 60_000);

const sandbox = await startSandbox({ initialChats: 1 });
const seller = sandboxSeller(sandbox);
const chatId = sandbox.control.chats().find((c) => c.kind === "buyer")?.id ?? "";
const FILES = "GET /v2/chat/file/*";

async function attempt(url: string, options: { deadlineMs?: number } = {}) {
  const started = performance.now();
  const outcome = await seller.chats.downloadFile(url, options).then(
    (file) => `downloaded ${file.bytes.byteLength} bytes`,
    (error: Error) => `${error.name}: ${error.message}`,
  );
  return { outcome, ms: performance.now() - started };
}

/** Body bytes the sandbox wrote for the last file request sent in pieces, once it ended. */
async function writtenFor(path: string): Promise<number | undefined> {
  const ended = await waitFor(() => {
    const entry = sandbox.requests.findLast((r) => r.path === path);
    return entry?.bodyBytesWritten !== undefined && entry;
  }).catch(() => undefined);
  return ended?.bodyBytesWritten;
}

const huge = sandbox.control.buyerWrites(chatId, {
  file: { name: "video.png", data: new Uint8Array(200 * MB), form: "markdown" },
});
const hugeUrl = huge.file?.url ?? "";
const hugePath = new URL(hugeUrl).pathname;

console.log("\nA 200 MB file (cap 50 MB):");
const declared = await attempt(hugeUrl);
console.log(
  `  with Content-Length     ${declared.ms.toFixed(0).padStart(6)} ms  ${declared.outcome}`,
);
sandbox.control.setFault(FILES, { bodyChunkBytes: 64 * 1024 });
const streamed = await attempt(hugeUrl);
const written = await writtenFor(hugePath);
console.log(
  `  without Content-Length  ${streamed.ms.toFixed(0).padStart(6)} ms  ${streamed.outcome}\n` +
    `                          body bytes the sandbox wrote before the bot hung up: ${written} ` +
    `(${((written ?? 0) / MB).toFixed(1)} MB; the cap is ${50 * MB})`,
);

const slow = sandbox.control.buyerWrites(chatId, {
  file: { name: "scan.pdf", data: new Uint8Array(10_000).fill(1), form: "file" },
});
sandbox.control.setFault(FILES, { bodyChunkBytes: 1, bodyPauseMs: 1000 });
console.log(
  "\nA body of 10 000 bytes trickling in at one byte a second (no gap near the 30 s body timeout):",
);
const trickled = await attempt(slow.file?.url ?? "", { deadlineMs });
console.log(
  `  download given up after ${(trickled.ms / 1000).toFixed(1)} s (deadline ${deadlineMs / 1000} s): ${trickled.outcome}`,
);

const relay = new ChatRelay({
  chats: seller.chats,
  repositories: createRelayRepositories(new MemoryStore()),
  notifier: { relayBuyerMessage: async () => [] },
  lease: false,
});
await relay.runOnce();
sandbox.control.buyerWrites(chatId, {
  file: { name: "scan2.pdf", data: new Uint8Array(10_000).fill(2), form: "file" },
});
sandbox.resetCounters();
const pass = relay.runOnce();
await waitFor(() => sandbox.requests.some((r) => r.path.startsWith("/v2/chat/file/")), {
  message: "the pass's file request",
});
await new Promise((resolve) => setTimeout(resolve, 2_000)); // well into the trickle
const stopping = performance.now();
await relay.stop();
const stopMs = performance.now() - stopping;
const report = await pass;
console.log(
  `  relay.stop() 2 s into such a download returned after ${stopMs.toFixed(0)} ms ` +
    `(the message waits for the next start: ${report.failures.length} failure, ${report.relayed} relayed)`,
);

await seller.close();
await sandbox.close();
