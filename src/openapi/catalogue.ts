/**
 * The methods Ozon's documents list (`ozon-openapi/lifecycle.json`, made from the documents by
 * `npm run ozon-check -- --write` and checked against them by a test), and what each one's state is
 * on a given day: live, announced for switch-off, switched off, or not documented at all.
 * Small and plain, so the bot (/status) and the sandbox read it without the 4 MB documents.
 * Tests: test/openapi/lifecycle.test.ts, test/bot/status/switch-offs.test.ts and 1 more
 */
import { readFileSync } from "node:fs";
import type { DocumentedMethod, OzonService } from "./lifecycle.ts";

export interface Lifecycle {
  documents: Array<{ service: OzonService; title: string; version: string }>;
  methods: DocumentedMethod[];
}

export type MethodState =
  | { kind: "live"; doc: DocumentedMethod }
  /** Announced for switch-off after `day` (or with no date yet). */
  | { kind: "announced"; doc: DocumentedMethod }
  | { kind: "off"; doc: DocumentedMethod }
  | { kind: "undocumented" };

export const LIFECYCLE_URL = new URL("../../ozon-openapi/lifecycle.json", import.meta.url);

/** `/api/client/campaign/{campaignId}/v2/products?page={page}` → `/api/client/campaign/{}/v2/products`. */
export function templateKey(method: string, path: string): string {
  const bare = path.split("?")[0] ?? path;
  return `${method.toUpperCase()} ${bare.replace(/\{[^}]*\}/g, "{}").replace(/\/$/, "")}`;
}

export class MethodCatalogue {
  readonly #byKey = new Map<string, DocumentedMethod>();
  readonly lifecycle: Lifecycle;

  constructor(lifecycle: Lifecycle) {
    this.lifecycle = lifecycle;
    for (const doc of lifecycle.methods) this.#byKey.set(templateKey(doc.method, doc.path), doc);
  }

  find(method: string, path: string): DocumentedMethod | undefined {
    return this.#byKey.get(templateKey(method, path));
  }

  /** The method's state on `day` (YYYY-MM-DD): switched off on its day or after it. */
  stateOn(method: string, path: string, day: string): MethodState {
    const doc = this.find(method, path);
    if (!doc) return { kind: "undocumented" };
    if (doc.offOn && doc.offOn <= day) return { kind: "off", doc };
    if (doc.announced || doc.deprecated) return { kind: "announced", doc };
    return { kind: "live", doc };
  }
}

let loaded: MethodCatalogue | undefined;

/** The catalogue of the documents this version was checked against (read once). */
export function methodCatalogue(): MethodCatalogue {
  loaded ??= new MethodCatalogue(JSON.parse(readFileSync(LIFECYCLE_URL, "utf8")) as Lifecycle);
  return loaded;
}
