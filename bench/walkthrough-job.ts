// A job of bench/walkthrough.ts as one person does it: taps, typed texts and what the bot sent or
// edited in their chat, printed as the transcript and counted for the taps table.
import type { Update, User } from "grammy/types";
import type { RecordedCall } from "../test/support/fake-bot-api.ts";
import { callback, command, text } from "../test/support/updates.ts";
import { waitFor } from "../test/support/wait.ts";
import type { JobResult, Label, WalkWorld } from "./walkthrough-world.ts";

interface Button {
  text: string;
  callback_data?: string;
}

export class Job {
  readonly #w: WalkWorld;
  readonly #name: string;
  #who: User;
  readonly #print: boolean;
  #taps = 0;
  #typed = 0;
  #messages = 0;
  #edits = 0;
  #unavailable = false;
  /** Where the job starts: Home, or a message the bot sent by itself (an alert). */
  #start: JobResult["start"] = "typed";

  constructor(w: WalkWorld, name: string, who: User, print: boolean) {
    this.#w = w;
    this.#name = name;
    this.#who = who;
    this.#print = print;
    this.#say(`\n## ${name} — ${who.first_name}`);
  }

  switchTo(who: User): void {
    this.#who = who;
    this.#say(`   (now ${who.first_name})`);
  }

  /** A message already on screen when the job starts. */
  shows(call: RecordedCall): void {
    this.#start = "message";
    this.#say(`   on screen:`);
    this.#show(call, "🤖");
  }

  /** A message the bot sent by itself during the job (a digest, a scheduled report). */
  arrives(call: RecordedCall): void {
    this.#messages += 1;
    this.#show(call, "🤖");
  }

  /**
   * Waits until a report's file reached the person; shows what came meanwhile by itself (the
   * progress message edited, the chart, the file with its buttons). Counts them as the bot's.
   */
  async awaitReport(): Promise<void> {
    const since = this.#w.fake.calls.length;
    const chatId = this.#who.id;
    const mine = (c: RecordedCall) => c.seq >= since && Number(c.payload.chat_id) === chatId;
    // The chart follows the file on its own.
    for (const method of ["sendDocument", "sendPhoto"]) {
      await waitFor(() => this.#w.fake.calls.find((c) => mine(c) && c.method === method), {
        timeoutMs: 20_000,
        message: `the report's ${method === "sendPhoto" ? "chart" : "file"}`,
      });
    }
    for (const call of this.#w.fake.calls.filter(mine)) {
      if (call.method === "editMessageText") {
        this.#edits += 1;
        this.#show(call, "🤖✎");
      } else if (["sendMessage", "sendPhoto", "sendDocument"].includes(call.method)) {
        this.#messages += 1;
        if (call.method !== "sendMessage") this.#say(`   📎 ${call.files[0]?.fileName ?? "file"}`);
        this.#show(call, call.method === "sendMessage" ? "🤖" : "   ");
      }
    }
  }

  async command(name: string, args?: string): Promise<RecordedCall> {
    this.#taps += 1;
    this.#say(`👆 /${name}${args ? ` ${args.slice(0, 12)}…` : ""}`);
    return this.#exchange(command(name, { from: this.#who, ...(args ? { args } : {}) }));
  }

  /**
   * The job starts on the person's Home (/start, not counted: it is where they are): a tap on the
   * Home button that runs `name` (a line or a job), else ☰ All jobs and its button there.
   */
  async fromHome(name: string): Promise<RecordedCall> {
    const since = this.#w.fake.calls.length;
    await this.#w.send(command("start", { from: this.#who }));
    const home = this.#w.fake.calls
      .slice(since)
      .filter((c) => c.method === "sendMessage" && Number(c.payload.chat_id) === this.#who.id)
      .at(-1);
    if (!home) throw new Error(`${this.#name}: no Home`);
    this.#start = "Home";
    this.#say("   on screen (Home):");
    this.#show(home, "🏠");
    const runs = (b: Button) => b.callback_data?.startsWith(`m:${name}~`) === true;
    const direct = buttonsOf(home).find(runs);
    if (direct) return this.#press(home, direct);
    const all = buttonsOf(home).find((b) => b.callback_data?.startsWith("hm:a~"));
    if (!all) throw new Error(`${this.#name}: no ☰ All jobs on Home`);
    const jobs = await this.#press(home, all);
    const button = buttonsOf(jobs).find(runs);
    if (!button) throw new Error(`${this.#name}: /${name} is not under ☰ All jobs`);
    return this.#press(jobs, button);
  }

  async type(body: string, replyTo?: RecordedCall): Promise<RecordedCall> {
    this.#typed += 1;
    this.#say(`⌨️ ${body}`);
    const reply = resultOf(replyTo) as Parameters<typeof text>[1]["replyTo"];
    return this.#exchange(text(body, { from: this.#who, ...(reply ? { replyTo: reply } : {}) }));
  }

  async tap(screen: RecordedCall, label: Label): Promise<RecordedCall> {
    const button = buttonsOf(screen).find((b) => b.callback_data && matches(b.text, label));
    if (!button) {
      const all = buttonsOf(screen)
        .map((b) => b.text)
        .join(" | ");
      throw new Error(`${this.#name}: no button ${String(label)} among: ${all}`);
    }
    return this.#press(screen, button);
  }

  async #press(screen: RecordedCall, button: Button): Promise<RecordedCall> {
    this.#taps += 1;
    this.#say(`👆 [${button.text}]`);
    const message = resultOf(screen);
    return this.#exchange(
      callback(button.callback_data ?? "", {
        from: this.#who,
        message: message as never,
      }),
    );
  }

  /** Taps the first button matching any of `labels` (undefined ones skipped). */
  async tapAny(
    screen: RecordedCall,
    labels: Array<Label | undefined>,
    last = false,
  ): Promise<RecordedCall> {
    for (const label of labels) {
      if (label === undefined) continue;
      if (buttonsOf(screen).some((b) => b.callback_data && matches(b.text, label))) {
        return this.tap(screen, label);
      }
    }
    if (last) return screen;
    throw new Error(`${this.#name}: none of ${labels.map(String).join(", ")} on screen`);
  }

  /** The job could not be done the way the script does it (an older version of the bot). */
  failed(error: unknown): JobResult {
    this.#unavailable = true;
    this.#say(`   ✗ ${error instanceof Error ? error.message : String(error)}`);
    return this.end();
  }

  unavailable(): JobResult {
    this.#unavailable = true;
    this.#say("   (this version has no such button)");
    return this.end();
  }

  end(): JobResult {
    return {
      job: this.#name,
      start: this.#start,
      taps: this.#unavailable ? undefined : this.#taps,
      typed: this.#typed,
      messages: this.#messages,
      edits: this.#edits,
    };
  }

  /** Sends the update; prints what the bot did in this person's chat; returns the last screen. */
  async #exchange(update: Update): Promise<RecordedCall> {
    const since = this.#w.fake.calls.length;
    await this.#w.send(update);
    const mine = this.#w.fake.calls
      .slice(since)
      .filter((c) => Number(c.payload.chat_id ?? this.#who.id) === this.#who.id);
    let screen: RecordedCall | undefined;
    let other: RecordedCall | undefined;
    let file: RecordedCall | undefined; // the screen when nothing but a file came
    for (const call of mine) {
      other = call;
      if (call.method === "sendMessage") {
        this.#messages += 1;
        this.#show(call, "🤖");
        screen = call;
      } else if (call.method === "editMessageText") {
        this.#edits += 1;
        this.#show(call, "🤖✎");
        screen = call;
      } else if (call.method === "sendDocument" || call.method === "sendPhoto") {
        this.#messages += 1;
        this.#say(`   📎 ${call.files[0]?.fileName ?? "file"}`);
        if (call.payload.caption || call.payload.reply_markup) this.#show(call, "   ");
        file = call;
      } else if (call.method === "answerCallbackQuery") {
        if (call.payload.text) this.#say(`   💬 ${String(call.payload.text)}`);
      } else if (call.method === "setMessageReaction") {
        this.#say(`   ${JSON.stringify(call.payload.reaction)} (a reaction on the message)`);
      } else if (call.method !== "sendChatAction") {
        this.#say(`   (${call.method})`);
      }
    }
    const shown = screen ?? file ?? other;
    if (!shown) throw new Error(`${this.#name}: the bot showed nothing`);
    return shown;
  }

  #show(call: RecordedCall, mark: string): void {
    const lines = textOf(call).split("\n");
    this.#say(`   ${mark} ${lines.join("\n      ")}`);
    const rows = (call.payload.reply_markup as { inline_keyboard?: Button[][] } | undefined)
      ?.inline_keyboard;
    for (const row of rows ?? []) this.#say(`      ${row.map((b) => `[${b.text}]`).join(" ")}`);
  }

  #say(line: string): void {
    if (this.#print) console.log(line);
  }
}

export function buttonsOf(call: RecordedCall): Button[] {
  const markup = call.payload.reply_markup as { inline_keyboard?: Button[][] } | undefined;
  return (markup?.inline_keyboard ?? []).flat();
}

/** The message Telegram answered a call with. */
export function resultOf(call: RecordedCall | undefined): Record<string, unknown> | undefined {
  const response = call?.response as { ok: boolean; result?: unknown } | undefined;
  return response?.ok ? (response.result as Record<string, unknown>) : undefined;
}

export function textOf(call: RecordedCall): string {
  return String(call.payload.text ?? call.payload.caption ?? "");
}

export function matches(text: string, label: Label): boolean {
  return typeof label === "string" ? text.includes(label) : label.test(text);
}
