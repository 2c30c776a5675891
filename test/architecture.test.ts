/**
 * The house rules of src/ (ARCHITECTURE.md), checked on the import statements themselves:
 * - a bot capability (src/bot/<folder>/) uses another only through that folder's index.ts;
 * - no cycle between capability folders, and no import cycle between any two files of src/;
 * - only main.ts imports the assembly (bot/index.ts, bot/modules.ts): what a capability needs to
 *   plug in (BotModule, ModuleDeps, FeatureFactory) lives in bot/core/module.ts;
 * - the lower layers (store/, ozon/, shops/, openapi/, config.ts) import nothing above them;
 * - bot/core/ uses no capability; services/, shops/, ozon/ and store/ never import grammY;
 * - the bot calls Ozon only through ozon/: undici only as its Telegram transport (telegram-transport.ts);
 * - no source file is over 400 lines (a file holds one idea);
 * - button data is made only through a declaration (bot/core/buttons.ts): no `.encode(` elsewhere.
 * - ads and chats hold one folder per job, and a job has one name in bot/, services/, test/ and locales/.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));
const BOT = path.join(SRC, "bot");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith(".ts") ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports (static and dynamic). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*["']([^"']+)["']/g)].map(
    (m) => m[1] as string,
  );
}

const capabilities = readdirSync(BOT).filter(
  (entry) => entry !== "core" && statSync(path.join(BOT, entry)).isDirectory(),
);

/** The capability a path lies in, or undefined for core and the bot's wiring. */
function capabilityOf(file: string): string | undefined {
  const [first, ...rest] = path.relative(BOT, file).split(path.sep);
  return rest.length > 0 && first && capabilities.includes(first) ? first : undefined;
}

interface CrossImport {
  from: string;
  to: string;
  target: string;
}

function crossImports(): CrossImport[] {
  const found: CrossImport[] = [];
  for (const file of sourceFiles(BOT)) {
    const from = capabilityOf(file);
    for (const spec of specifiers(file)) {
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      const to = capabilityOf(target);
      if (to && to !== from) found.push({ from: from ?? "core-or-wiring", to, target });
    }
  }
  return found;
}

/** Every relative import of every file of src/, resolved to the file it names. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      specifiers(file)
        .filter((spec) => spec.startsWith("."))
        .map((spec) => path.resolve(path.dirname(file), spec))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The groups of files that import each other in a loop (Tarjan's strongly connected components). */
function importLoops(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const loop: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      loop.push(member);
    } while (member !== file);
    if (loop.length > 1 || (graph.get(file) ?? []).includes(file)) loops.push(loop);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return loops;
}

/** The layer a file of src/ lies in: its first folder, or the file itself at the top. */
const layerOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0] as string;

/** The lower layers, and what each may import besides itself and the plain files at the top. */
const LOWER: Record<string, readonly string[]> = {
  "config.ts": ["shops"],
  shops: ["store", "ozon"],
  store: [],
  ozon: ["openapi", "store"],
  openapi: [],
};
/** Files at the top of src/ that are not wiring: any layer may use them. */
const PLAIN_TOP = [
  "clock.ts",
  "config-fields.ts",
  "config.ts",
  "deadline.ts",
  "logger.ts",
  "text.ts",
  "version.ts",
];

function upwardImports(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const layer = layerOf(file);
    const allowed = LOWER[layer];
    if (!allowed) continue;
    for (const target of targets) {
      const to = layerOf(target);
      if (to === layer || allowed.includes(to) || (PLAIN_TOP.includes(to) && to !== "config.ts"))
        continue;
      if (to === "config.ts" && layer !== "config.ts") continue;
      found.push(`${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
    }
  }
  return found;
}

const ASSEMBLY = [path.join(BOT, "index.ts"), path.join(BOT, "modules.ts")];

function assemblyImports(graph: Map<string, string[]>): string[] {
  const main = path.join(SRC, "main.ts");
  return [...graph]
    .filter(([file]) => file !== main)
    .flatMap(([file, targets]) =>
      targets
        .filter((target) => ASSEMBLY.includes(target) && target !== file)
        .map((target) => `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`),
    );
}

describe("the house by capability", () => {
  it("has the capability folders", () => {
    expect(capabilities).toEqual(
      expect.arrayContaining(["ads", "chats", "people", "postings", "stores"]),
    );
  });

  it("a capability reaches another only through its index.ts", () => {
    const offenders = crossImports()
      .filter((edge) => edge.from !== "core-or-wiring")
      .filter((edge) => path.relative(path.join(BOT, edge.to), edge.target) !== "index.ts")
      .map((edge) => `${edge.from} -> ${path.relative(SRC, edge.target)}`);
    expect(offenders).toEqual([]);
  });

  it("bot/core uses no capability", () => {
    const offenders = sourceFiles(path.join(BOT, "core")).flatMap((file) =>
      specifiers(file)
        .filter((spec) => spec.startsWith("."))
        .filter((spec) => capabilityOf(path.resolve(path.dirname(file), spec)) !== undefined)
        .map((spec) => `${path.relative(SRC, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("has no cycle between capability folders", () => {
    const edges = new Map<string, Set<string>>();
    for (const edge of crossImports()) {
      if (edge.from === "core-or-wiring") continue;
      const targets = edges.get(edge.from) ?? new Set<string>();
      targets.add(edge.to);
      edges.set(edge.from, targets);
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]): void => {
      if (trail.includes(node)) {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(" -> "));
        return;
      }
      for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const start of capabilities) visit(start, []);
    expect(cycles).toEqual([]);
  });

  it("has no import loop between files", () => {
    const loops = importLoops(importGraph()).map((loop) =>
      loop.map((file) => path.relative(SRC, file)).join(" <-> "),
    );
    expect(loops).toEqual([]);
  });

  it("only main.ts imports the assembly (bot/index.ts, bot/modules.ts)", () => {
    expect(assemblyImports(importGraph())).toEqual([]);
  });

  it("the lower layers (store, ozon, shops, openapi, config.ts) import nothing above them", () => {
    expect(upwardImports(importGraph())).toEqual([]);
  });

  it("each of these rules fails when broken", () => {
    const file = (name: string) => path.join(SRC, name);
    const broken = new Map<string, string[]>([
      [file("bot/stock/module.ts"), [file("bot/index.ts"), file("bot/modules.ts")]],
      [file("bot/index.ts"), [file("bot/stock/module.ts")]],
      [file("store/fenced-store.ts"), [file("services/background-loop.ts")]],
      [file("config.ts"), [file("server/networks.ts"), file("shops/env.ts")]],
      [
        file("ozon/errors.ts"),
        [file("bot/core/context.ts"), file("store/port.ts"), file("logger.ts")],
      ],
      [file("services/background-loop.ts"), [file("store/fenced-store.ts")]],
    ]);
    expect(assemblyImports(broken)).toEqual([
      "bot/stock/module.ts -> bot/index.ts",
      "bot/stock/module.ts -> bot/modules.ts",
    ]);
    expect(upwardImports(broken)).toEqual([
      "store/fenced-store.ts -> services/background-loop.ts",
      "config.ts -> server/networks.ts",
      "ozon/errors.ts -> bot/core/context.ts",
    ]);
    expect(importLoops(broken).map((loop) => loop.length)).toEqual([2, 2]);
  });

  it("services, shops, ozon and store know nothing of grammY", () => {
    const offenders = ["services", "shops", "ozon", "store"].flatMap((layer) =>
      sourceFiles(path.join(SRC, layer)).flatMap((file) =>
        specifiers(file)
          .filter((spec) => /^(grammy|@grammyjs\/)/.test(spec))
          .map((spec) => `${path.relative(SRC, file)} -> ${spec}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("the bot uses undici only to reach Telegram", () => {
    const transport = path.join(BOT, "core", "telegram-transport.ts");
    const offenders = sourceFiles(BOT)
      .filter((file) => file !== transport && specifiers(file).some((s) => s === "undici"))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it("has no source file over 400 lines", () => {
    const long = sourceFiles(SRC)
      .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 400)
      .map(({ file, lines }) => `${path.relative(SRC, file)} (${lines})`);
    expect(long).toEqual([]);
  });

  it("makes button data only through declared buttons", () => {
    const declarations = path.join(BOT, "core", "buttons.ts");
    const offenders = sourceFiles(BOT)
      .filter((file) => file !== declarations && /\.encode\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});

/**
 * The capabilities that hold several jobs, each job a folder a person would name, and the same
 * name for that job in every layer: bot/<capability>/<job>/, services/<capability>/<job>/,
 * test/bot/<capability>/<job>/ and locales/<lang>/<capability>-<job>.ftl.
 */
const JOBS: Record<string, readonly string[]> = {
  ads: ["campaigns", "digest", "reports", "schedules"],
  chats: ["inbox", "questions", "relay", "replies"],
};

/** One capability's tree as the job rule reads it (every path relative to the repository). */
interface JobLayout {
  /** The .ts files under src/bot/<capability>/, relative to it ("schedules/dialog.ts", "format.ts"). */
  bot: string[];
  /** The sub-folders of src/services/<capability>/, test/bot/<capability>/ and test/services/<capability>/. */
  services: string[];
  tests: string[];
  serviceTests: string[];
  /** The locale files, "<lang>/<name>.ftl". */
  locales: string[];
  /** The folders right under src/services/, test/bot/ and test/services/ ("services/relay"). */
  tops: string[];
}

/** "schedules" → "schedule", "replies" → "reply": how a file name may say a job. */
const singular = (job: string): string =>
  job.endsWith("ies") ? `${job.slice(0, -3)}y` : job.endsWith("s") ? job.slice(0, -1) : job;

function jobProblems(capability: string, jobs: readonly string[], layout: JobLayout): string[] {
  const problems: string[] = [];
  const botFolders = [
    ...new Set(layout.bot.filter((f) => f.includes("/")).map((f) => f.split("/")[0] as string)),
  ];
  const layers: [string, string[]][] = [
    [`src/bot/${capability}`, botFolders],
    [`src/services/${capability}`, layout.services],
    [`test/bot/${capability}`, layout.tests],
    [`test/services/${capability}`, layout.serviceTests],
  ];
  for (const [layer, folders] of layers) {
    for (const folder of folders)
      if (!jobs.includes(folder)) problems.push(`${layer}/${folder}/ is no job of ${capability}`);
  }
  for (const job of jobs) {
    for (const [layer, folders] of layers.slice(0, 3))
      if (!folders.includes(job)) problems.push(`${layer}/${job}/ is missing`);
    for (const lang of ["ru", "en"])
      if (!layout.locales.includes(`${lang}/${capability}-${job}.ftl`))
        problems.push(`locales/${lang}/${capability}-${job}.ftl is missing`);
    for (const top of layout.tops) {
      const name = top.split("/").at(-1) as string;
      if (name === job || name === singular(job))
        problems.push(`${top}/ names ${capability}'s job ${job} outside ${capability}/`);
    }
  }
  for (const locale of layout.locales) {
    const name = path.basename(locale, ".ftl");
    if (name.startsWith(`${capability}-`) && !jobs.includes(name.slice(capability.length + 1)))
      problems.push(`locales/${locale} is no job of ${capability}`);
  }
  for (const file of layout.bot) {
    const parts = file.split("/");
    const folder = parts.length > 1 ? parts[0] : undefined;
    const words = path.basename(file, ".ts").split("-");
    const named = jobs.find((job) => words.includes(job) || words.includes(singular(job)));
    if (named && named !== folder)
      problems.push(
        `src/bot/${capability}/${file} is named after ${named} but lies outside ${named}/`,
      );
  }
  return problems;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const foldersOf = (dir: string): string[] => {
  const full = path.join(ROOT, dir);
  try {
    return readdirSync(full).filter((entry) => statSync(path.join(full, entry)).isDirectory());
  } catch {
    return [];
  }
};

function jobLayout(capability: string): JobLayout {
  return {
    bot: sourceFiles(path.join(BOT, capability)).map((file) =>
      path.relative(path.join(BOT, capability), file).split(path.sep).join("/"),
    ),
    services: foldersOf(`src/services/${capability}`),
    tests: foldersOf(`test/bot/${capability}`),
    serviceTests: foldersOf(`test/services/${capability}`),
    locales: ["ru", "en"].flatMap((lang) =>
      readdirSync(path.join(ROOT, "locales", lang))
        .filter((name) => name.endsWith(".ftl"))
        .map((name) => `${lang}/${name}`),
    ),
    tops: ["src/services", "test/bot", "test/services"].flatMap((dir) =>
      foldersOf(dir).map((folder) => `${dir}/${folder}`),
    ),
  };
}

describe("one folder per job", () => {
  it("ads and chats hold a folder per job, named alike in bot, services, test and locales", () => {
    const problems = Object.entries(JOBS).flatMap(([capability, jobs]) =>
      jobProblems(capability, jobs, jobLayout(capability)),
    );
    expect(problems).toEqual([]);
  });

  it("the job rule fails when broken", () => {
    const good = jobLayout("ads");
    expect(jobProblems("ads", JOBS.ads as string[], good)).toEqual([]);
    const broken: JobLayout = {
      bot: [
        ...good.bot.filter((f) => !f.startsWith("digest/")),
        "schedule-format.ts",
        "reports/campaign-list.ts",
        "misc/x.ts",
      ],
      services: good.services.filter((f) => f !== "reports"),
      tests: [...good.tests, "schedule"],
      serviceTests: good.serviceTests,
      locales: [...good.locales.filter((f) => f !== "en/ads-digest.ftl"), "ru/ads-stats.ftl"],
      tops: [...good.tops, "src/services/schedules", "test/bot/schedule"],
    };
    expect(jobProblems("ads", JOBS.ads as string[], broken).sort()).toEqual(
      [
        "src/bot/ads/misc/ is no job of ads",
        "test/bot/ads/schedule/ is no job of ads",
        "src/bot/ads/digest/ is missing",
        "src/services/ads/reports/ is missing",
        "locales/en/ads-digest.ftl is missing",
        "src/services/schedules/ names ads's job schedules outside ads/",
        "test/bot/schedule/ names ads's job schedules outside ads/",
        "locales/ru/ads-stats.ftl is no job of ads",
        "src/bot/ads/schedule-format.ts is named after schedules but lies outside schedules/",
        "src/bot/ads/reports/campaign-list.ts is named after campaigns but lies outside campaigns/",
      ].sort(),
    );
  });
});

/**
 * test/ mirrors src/ by folder: every folder under test/bot/, test/services/ and test/ozon/ names
 * the folder of src/ at the same place (test/bot/core/sender/ ↔ src/bot/core/sender/), or a file
 * there whose tests it groups (test/bot/postings/find/ ↔ src/bot/postings/find.ts); a behaviour
 * test of a capability lives in that capability's folder, so no .test.ts lies loose in test/bot/.
 */
const MIRRORED = ["bot", "services", "ozon"] as const;

/** Test folders with no src/ counterpart, each for a reason. */
const TEST_ONLY_FOLDERS: Record<string, string> = {
  "test/ozon/support": "stand-in Ozon servers and failure answers shared by the Ozon client tests",
};

/** The test side and the src side as the mirror rule reads them (paths from the repository). */
interface MirrorLayout {
  /** Every folder under test/<mirrored>/ ("test/bot/postings/find"). */
  testFolders: string[];
  /** The .test.ts files right under test/bot/. */
  looseBotTests: string[];
  /** Every folder and every .ts file under src/<mirrored>/ ("src/bot/postings", "src/bot/postings/find.ts"). */
  src: string[];
}

function mirrorProblems(layout: MirrorLayout): string[] {
  const src = new Set(layout.src);
  const problems: string[] = [];
  for (const folder of layout.testFolders) {
    if (folder in TEST_ONLY_FOLDERS) continue;
    const twin = `src/${folder.slice("test/".length)}`;
    if (!src.has(twin) && !src.has(`${twin}.ts`))
      problems.push(`${folder}/ names nothing in src/ (no ${twin}/ or ${twin}.ts)`);
  }
  for (const file of layout.looseBotTests)
    problems.push(`${file} lies loose in test/bot/: it belongs in its capability's folder`);
  return problems;
}

function mirrorLayout(): MirrorLayout {
  const tree = (dir: string): string[] =>
    foldersOf(dir).flatMap((folder) => [`${dir}/${folder}`, ...tree(`${dir}/${folder}`)]);
  return {
    testFolders: MIRRORED.flatMap((top) => tree(`test/${top}`)),
    looseBotTests: readdirSync(path.join(ROOT, "test/bot"))
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => `test/bot/${name}`),
    src: MIRRORED.flatMap((top) => [
      ...tree(`src/${top}`),
      ...sourceFiles(path.join(SRC, top)).map((file) =>
        path.relative(ROOT, file).split(path.sep).join("/"),
      ),
    ]),
  };
}

describe("test/ mirrors src/", () => {
  it("every test folder names a folder or file of src/, and no test lies loose in test/bot/", () => {
    expect(mirrorProblems(mirrorLayout())).toEqual([]);
  });

  it("the mirror rule fails when broken", () => {
    const good = mirrorLayout();
    expect(mirrorProblems(good)).toEqual([]);
    const broken: MirrorLayout = {
      testFolders: [...good.testFolders, "test/bot/find", "test/services/relay", "test/ozon/x"],
      looseBotTests: ["test/bot/today.test.ts"],
      src: good.src.filter((entry) => entry !== "src/bot/postings/find.ts"),
    };
    expect(mirrorProblems(broken).sort()).toEqual(
      [
        "test/bot/find/ names nothing in src/ (no src/bot/find/ or src/bot/find.ts)",
        "test/bot/postings/find/ names nothing in src/ (no src/bot/postings/find/ or src/bot/postings/find.ts)",
        "test/services/relay/ names nothing in src/ (no src/services/relay/ or src/services/relay.ts)",
        "test/ozon/x/ names nothing in src/ (no src/ozon/x/ or src/ozon/x.ts)",
        "test/bot/today.test.ts lies loose in test/bot/: it belongs in its capability's folder",
      ].sort(),
    );
  });
});
