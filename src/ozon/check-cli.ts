/**
 * `npm run ozon-check`: every Ozon method the bot declares against the documents in
 * `ozon-openapi/` — the table, then what is gone or announced within 90 days. Exits 1 when a method
 * the bot relies on is gone. `--day YYYY-MM-DD` checks another day; `--write` first remakes
 * `ozon-openapi/lifecycle.json` from the documents (after copying in new ones).
 * Tests: none directly
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { LIFECYCLE_URL, MethodCatalogue, methodCatalogue } from "../openapi/catalogue.ts";
import { lifecycleOfDocuments } from "../openapi/documents.ts";
import { declaredEndpoints } from "./declared.ts";
import { checkEndpoints, checkTable, dueWithin } from "./documents-check.ts";

const SOON_DAYS = 90;
const { values } = parseArgs({
  options: { day: { type: "string" }, write: { type: "boolean", default: false } },
});
const day = values.day ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
  process.stderr.write("--day must be YYYY-MM-DD\n");
  process.exit(2);
}

let catalogue = methodCatalogue();
if (values.write) {
  const lifecycle = lifecycleOfDocuments();
  writeFileSync(LIFECYCLE_URL, `${JSON.stringify(lifecycle, null, 1)}\n`);
  catalogue = new MethodCatalogue(lifecycle);
  process.stdout.write(`wrote ${LIFECYCLE_URL.pathname} (${lifecycle.methods.length} methods)\n`);
}

const checked = checkEndpoints(await declaredEndpoints(), catalogue, day);
const documents = catalogue.lifecycle.documents.map((d) => `${d.title} ${d.version}`).join(", ");
process.stdout.write(`Ozon methods the bot declares, against ${documents}, on ${day}\n\n`);
process.stdout.write(`${checkTable(checked)}\n\n`);

const gone = checked.filter((c) => c.verdict === "gone");
const soon = dueWithin(checked, SOON_DAYS).filter((c) => c.verdict !== "gone");
const undated = checked.filter((c) => c.verdict === "announced" && c.daysLeft === undefined);
const line = (c: (typeof checked)[number]) =>
  `  ${c.declared.method} ${c.declared.path} (${c.declared.usedFor})${c.doc?.offOn ? ` off on ${c.doc.offOn}` : ""}${c.doc?.successor ? ` → ${c.doc.successor}` : ""}`;
process.stdout.write(
  `Gone (not documented or switched off), relied on: ${gone.length}\n${gone.map(line).join("\n")}\n`,
);
process.stdout.write(
  `Announced to go within ${SOON_DAYS} days: ${soon.length}\n${soon.map(line).join("\n")}\n`,
);
process.stdout.write(
  `Announced with no date yet: ${undated.length}\n${undated.map(line).join("\n")}\n`,
);
process.exitCode = gone.length > 0 ? 1 : 0;
