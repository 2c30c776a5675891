// node bench/paths.ts [--write]   (npm run paths; npm run bench -- paths)
//
// Prints the main line of the one-tap pack and of a seller's reply (bench/paths-measure.ts): the
// files on the stack whenever the bot talks to Ozon or Telegram, their folders, and the bounces.
// --write puts the same block into ARCHITECTURE.md between its markers; a test compares the two.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { measurePaths, PATHS_BEGIN, PATHS_END, pathsBlock } from "./paths-measure.ts";

const block = pathsBlock(await measurePaths());
console.log(block);
if (process.argv.includes("--write")) {
  const file = fileURLToPath(new URL("../ARCHITECTURE.md", import.meta.url));
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(PATHS_BEGIN);
  const end = text.indexOf(PATHS_END);
  if (start < 0 || end < start)
    throw new Error(`ARCHITECTURE.md has no ${PATHS_BEGIN} … ${PATHS_END}`);
  writeFileSync(file, `${text.slice(0, start + PATHS_BEGIN.length)}\n${block}\n${text.slice(end)}`);
  console.log("\nARCHITECTURE.md updated");
}
