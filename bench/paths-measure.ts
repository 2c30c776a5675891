// The main line of two everyday paths, measured rather than typed: the one-tap pack (a tap on an
// alert's ⚡ to the label in the chat) and a seller's reply (a tap on «Reply» under a relayed
// buyer message and the typed answer, to the buyer). Both run through the walkthrough's world:
// the bot as main builds it, the sandbox and the fake Bot API over HTTP.
//
// A file is on a path's main line when one of its functions is on the call stack (async frames
// included) at the moment the bot starts a request to Ozon or to Telegram during that path. A
// bounce is a stack that leaves a file for another and comes back to it (A → B → A).
import diagnostics from "node:diagnostics_channel";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { alertOf, subscribe } from "./walkthrough-jobs.ts";
import { WalkWorld } from "./walkthrough-world.ts";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

export interface PathFigures {
  name: string;
  /** Requests to Ozon and Telegram the path made. */
  requests: number;
  /** Files of src/ on the main line, relative to src/, sorted. */
  files: string[];
  /** Their folders, relative to src/. */
  folders: string[];
  /** Each bounce once, as "a.ts → b.ts → a.ts". */
  bounces: string[];
}

/** The src/ files of one stack, outermost first, with repeats of the same file next to each other merged. */
function stackFiles(stack: string): string[] {
  const files: string[] = [];
  for (const line of stack.split("\n").reverse()) {
    // Node writes file URLs; vitest writes plain paths.
    const match = /\(?(?:file:\/\/)?(\/[^):]+):\d+:\d+\)?\s*$/.exec(line);
    const file = match?.[1];
    if (!file?.startsWith(SRC)) continue;
    const relative = path.relative(SRC, file);
    if (files.at(-1) !== relative) files.push(relative);
  }
  return files;
}

function bouncesOf(files: string[]): string[] {
  const found: string[] = [];
  files.forEach((file, i) => {
    const back = files.indexOf(file, i + 2);
    if (back > i) found.push(files.slice(i, back + 1).join(" → "));
  });
  return found;
}

function figures(name: string, stacks: string[]): PathFigures {
  const files = new Set<string>();
  const bounces = new Set<string>();
  for (const stack of stacks) {
    const chain = stackFiles(stack);
    for (const file of chain) files.add(file);
    for (const bounce of bouncesOf(chain)) bounces.add(bounce);
  }
  const sorted = [...files].sort();
  return {
    name,
    requests: stacks.length,
    files: sorted,
    folders: [...new Set(sorted.map((file) => path.dirname(file)))].sort(),
    bounces: [...bounces].sort(),
  };
}

/** Records the stack of every HTTP request begun while `run` runs. */
async function recorded(run: () => Promise<void>): Promise<string[]> {
  const stacks: string[] = [];
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const listener = () => stacks.push(new Error().stack ?? "");
  diagnostics.subscribe("undici:request:create", listener);
  try {
    await run();
  } finally {
    diagnostics.unsubscribe("undici:request:create", listener);
    Error.stackTraceLimit = limit;
  }
  return stacks;
}

export async function measurePaths(): Promise<PathFigures[]> {
  const w = await WalkWorld.start("en", false);
  try {
    const warehouse = await w.join("Vika", "warehouse");
    const seller = await w.join("Sergei", "seller");
    await subscribe(w, warehouse);

    const { alert, posting } = await alertOf(w, warehouse, "Pan", 2);
    const pack = w.job("one-tap pack", warehouse);
    const packStacks = await recorded(async () => {
      await pack.tap(alert, w.label("postings-button-quick-pack"));
    });
    if (w.sandbox.control.posting(posting.postingNumber)?.status !== "awaiting_deliver") {
      throw new Error("the one-tap pack did not pack the posting");
    }

    await w.relay.runOnce();
    const chat = w.sandbox.control.chats().find((c) => c.status === "OPENED");
    if (!chat) throw new Error("no open buyer chat");
    const since = w.fake.calls.length;
    w.sandbox.control.buyerWrites(chat.id, { text: "When will you ship?" });
    await w.relay.runOnce();
    const relayed = w.sentTo(seller.id, since).at(-1);
    if (!relayed) throw new Error("the buyer's message was not relayed");
    const reply = w.job("reply to a buyer", seller);
    const replyStacks = await recorded(async () => {
      const prompt = await reply.tap(relayed, w.label("relay-answer-button"));
      await reply.type("Today before 18:00", prompt);
    });
    if (!JSON.stringify(w.sandbox.control.chat(chat.id) ?? {}).includes("Today before 18:00")) {
      throw new Error("the reply did not reach the buyer");
    }
    return [figures("one-tap pack", packStacks), figures("reply to a buyer", replyStacks)];
  } finally {
    await w.close();
  }
}

/** The block ARCHITECTURE.md shows between its path markers. */
export function pathsBlock(all: PathFigures[]): string {
  const lines = ["| path | files | folders | bounces (A → B → A) |", "|---|---|---|---|"];
  for (const p of all) {
    lines.push(`| ${p.name} | ${p.files.length} | ${p.folders.length} | ${p.bounces.length} |`);
  }
  for (const p of all) {
    lines.push("", `**${p.name}**:`);
    for (const folder of p.folders) {
      const names = p.files.filter((f) => path.dirname(f) === folder).map((f) => path.basename(f));
      lines.push(`- \`${folder}/\` ${names.map((n) => `\`${n}\``).join(", ")}`);
    }
    for (const bounce of p.bounces) lines.push(`- bounce: ${bounce}`);
  }
  return lines.join("\n");
}

export const PATHS_BEGIN = "<!-- paths:begin (npm run paths -- --write) -->";
export const PATHS_END = "<!-- paths:end -->";
