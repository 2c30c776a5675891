// The bot's dependencies alone, for bench/memory.ts's reference line: imports every package of
// package.json's "dependencies" (as the bot would at start), prints "ready" and idles.
import { readFileSync } from "node:fs";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
};
for (const name of Object.keys(manifest.dependencies)) await import(name);
console.log("ready");
setInterval(() => {}, 1000);
