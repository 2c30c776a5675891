// node bench/walkthrough.ts [--lang ru|en|both] [--quiet]   (npm run bench -- walkthrough)
//
// New people use the bot as they would on a phone: an admin invites a warehouse worker, a seller
// and a manager; each does their main jobs against the sandbox over HTTP through the fake Bot API
// over HTTP, with the bot built as main builds it (postings, buyer chats and advertising modules).
// Prints the transcript of each job (what the person did, what the bot sent or edited, with its
// buttons) in Russian and English, and a table of taps per job: a tap is a button or a command
// chosen from the menu; typed texts are counted apart. A job that a person starts themselves
// starts on their Home (/start, as the phone shows it): the taps count from there. Jobs whose buttons an older version lacks
// are reported as "n/a", so the same script measures an older commit (the "before" column).
import { parseArgs } from "node:util";
import { walk } from "./walkthrough-jobs.ts";
import type { JobResult } from "./walkthrough-world.ts";

const { values: args } = parseArgs({
  options: {
    lang: { type: "string", default: "both" },
    quiet: { type: "boolean", default: false },
  },
});
const languages = args.lang === "both" ? (["ru", "en"] as const) : [args.lang as "ru" | "en"];

const results = new Map<string, Record<string, JobResult>>();
for (const lang of languages) {
  for (const result of await walk(lang, !args.quiet)) {
    const row = results.get(result.job) ?? {};
    row[lang] = result;
    results.set(result.job, row);
  }
}

console.log(
  "\n## Taps per job (a tap: a button, or a command from the menu; typed texts apart; a job that starts from Home counts the taps from Home)\n",
);
console.log("| Job | starts from | taps ru | taps en | typed | bot messages (new + edited), en |");
console.log("|---|---|---|---|---|---|");
for (const [job, row] of results) {
  const en = row.en ?? row.ru;
  const taps = (r: JobResult | undefined) => (r?.taps === undefined ? "n/a" : String(r.taps));
  console.log(
    `| ${job} | ${en?.start ?? "-"} | ${taps(row.ru)} | ${taps(row.en)} | ${en?.typed ?? "-"} | ${en ? `${en.messages} + ${en.edits}` : "-"} |`,
  );
}
