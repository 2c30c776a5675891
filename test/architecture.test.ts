/**
 * The house rules of src/ (ARCHITECTURE.md), checked on the import statements themselves:
 * - a bot capability (src/bot/<folder>/) uses another only through that folder's index.ts;
 * - no cycle between capability folders;
 * - bot/core/ uses no capability; services/, shops/, ozon/ and store/ never import grammY;
 * - the bot calls Ozon only through ozon/: undici only as its Telegram transport (telegram-fetch.ts);
 * - no source file is over 400 lines (a file holds one idea);
 * - button data is made only through a declaration (bot/core/buttons.ts): no `.encode(` elsewhere.
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
    const transport = path.join(BOT, "core", "telegram-fetch.ts");
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
