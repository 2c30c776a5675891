/**
 * `npm run sandbox -- --port 8081`: the simulated Ozon alone, driven by hand through /_sandbox/.
 * Sandbox credentials are published constants, not secrets, so printing them is intended.
 * Tests: none directly
 */
import { parseArgs } from "node:util";
import { MAX_SANDBOX_STORES, startSandbox } from "./index.ts";

const USAGE = `Usage: npm run sandbox -- [options]
  --port N                   port to listen on (default 8081; 0 = any free port)
  --host H                   address to bind (default 127.0.0.1)
  --seed N                   data seed (default 1)
  --stores N                 simulated stores, each with its own keys and data (default 1)
  --postings N               postings awaiting packaging at start (default 5)
  --chats N                  buyer chats at start (default 4)
  --new-posting-every S      seconds between new postings (default 60; 0 = on demand only)
  --buyer-message-every S    seconds between buyer messages (default 45; 0 = on demand only)
  --report-step-ms MS        time per report state step (default 3000)
  --date YYYY-MM-DD          the sandbox's day for the switch-offs Ozon's documents announce (default today)
  --rules today|seed         today: methods as Ozon's current documents list them (default);
                             seed: every method the seed documents had, as the old sandbox
  --retire 404|410           with --rules seed: answer the seed forms that have successors with 404/410
  --help`;

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    process.stderr.write(`--${name} must be a non-negative number\n${USAGE}\n`);
    process.exit(2);
  }
  return parsed;
}

function storesOption(value: string | undefined): number {
  const count = numberOption(value, "stores", 1);
  if (!Number.isInteger(count) || count < 1 || count > MAX_SANDBOX_STORES) {
    process.stderr.write(
      `--stores must be a whole number from 1 to ${MAX_SANDBOX_STORES}\n${USAGE}\n`,
    );
    process.exit(2);
  }
  return count;
}

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    seed: { type: "string" },
    stores: { type: "string" },
    postings: { type: "string" },
    chats: { type: "string" },
    "new-posting-every": { type: "string" },
    "buyer-message-every": { type: "string" },
    "report-step-ms": { type: "string" },
    retire: { type: "string" },
    date: { type: "string" },
    rules: { type: "string" },
    help: { type: "boolean" },
  },
  strict: true,
});

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (values.retire !== undefined && values.retire !== "404" && values.retire !== "410") {
  process.stderr.write(`--retire must be 404 or 410\n${USAGE}\n`);
  process.exit(2);
}

if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
  process.stderr.write(`--date must be YYYY-MM-DD\n${USAGE}\n`);
  process.exit(2);
}
if (values.rules !== undefined && values.rules !== "today" && values.rules !== "seed") {
  process.stderr.write(`--rules must be today or seed\n${USAGE}\n`);
  process.exit(2);
}

const sandbox = await startSandbox({
  ...(values.date ? { date: values.date } : {}),
  ...(values.rules ? { rules: values.rules } : {}),
  port: numberOption(values.port, "port", 8081),
  host: values.host ?? "127.0.0.1",
  seed: numberOption(values.seed, "seed", 1),
  stores: storesOption(values.stores),
  initialPostings: numberOption(values.postings, "postings", 5),
  initialChats: numberOption(values.chats, "chats", 4),
  newPostingEverySeconds: numberOption(values["new-posting-every"], "new-posting-every", 60),
  buyerMessageEverySeconds: numberOption(values["buyer-message-every"], "buyer-message-every", 45),
  reportStepMs: numberOption(values["report-step-ms"], "report-step-ms", 3000),
  retireSpecMethods: values.retire === undefined ? false : values.retire === "404" ? 404 : 410,
});

const storeLines = sandbox.stores.flatMap(({ name, credentials: c }, index) => [
  `  Store ${index + 1} «${name}»`,
  `    Seller API:      Client-Id: ${c.sellerClientId}   Api-Key: ${c.sellerApiKey}`,
  `    Performance API: client_id: ${c.performanceClientId}   client_secret: ${c.performanceClientSecret}`,
]);
process.stdout.write(
  [
    `Ozon sandbox listening on ${sandbox.url}`,
    `  Seller API:      ${sandbox.sellerUrl}`,
    `  Performance API: ${sandbox.performanceUrl}`,
    ...storeLines,
    `  Control:         ${sandbox.url}/_sandbox/   (GET it for the list of control endpoints; ?store=<Client-Id> picks a store)`,
    "Stop with Ctrl+C.",
    "",
  ].join("\n"),
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: stopping the sandbox\n`);
  void sandbox.close().then(() => process.exit(0));
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
