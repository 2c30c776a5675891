/**
 * Every Ozon method the bot declares (the `endpoints/` folders of both clients), each with what it
 * is for and whether it is today's method or a seed form kept as a fallback (a capability's `spec`:
 * asked only where a store still answers it). The check against Ozon's documents
 * (documents-check.ts) and /status read this list.
 * Tests: test/ozon/documents-check.test.ts
 */
import { readdirSync } from "node:fs";
import type { AnyEndpoint } from "./endpoint.ts";
import type { Capability } from "./successors.ts";

export type Role = "today" | "fallback";

export interface DeclaredEndpoint {
  service: "seller" | "performance";
  method: string;
  path: string;
  /** `folder/export`, e.g. `warehouses/warehouseList`. */
  usedFor: string;
  role: Role;
  /** For a fallback: the method it stands in for. */
  fallbackOf?: string;
}

const FOLDERS = {
  seller: new URL("./seller/endpoints/", import.meta.url),
  performance: new URL("./performance/endpoints/", import.meta.url),
} as const;

function isEndpoint(value: unknown): value is AnyEndpoint {
  const v = value as Partial<AnyEndpoint> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.method === "string" &&
    typeof v.path === "string" &&
    v.response !== undefined
  );
}

function isCapability(value: unknown): value is Capability {
  const v = value as Partial<Capability> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.name === "string" &&
    isEndpoint(v.spec) &&
    isEndpoint(v.successor)
  );
}

let declared: Promise<DeclaredEndpoint[]> | undefined;

/** The declared endpoints, read once (source files or the built ones alike). */
export function declaredEndpoints(): Promise<DeclaredEndpoint[]> {
  declared ??= readDeclared();
  return declared;
}

async function readDeclared(): Promise<DeclaredEndpoint[]> {
  const found = new Map<AnyEndpoint, DeclaredEndpoint>();
  for (const [service, folder] of Object.entries(FOLDERS) as Array<
    [DeclaredEndpoint["service"], URL]
  >) {
    const files = readdirSync(folder).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts"));
    for (const file of files.sort()) {
      const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
      const stem = file.replace(/\.(ts|js)$/, "");
      for (const [name, value] of Object.entries(module)) {
        if (isCapability(value)) {
          const today = value.successor;
          found.set(value.spec, {
            service,
            method: value.spec.method,
            path: value.spec.path,
            usedFor: `${stem}/${name}`,
            role: "fallback",
            fallbackOf: `${today.method} ${today.path}`,
          });
          if (!found.has(today)) found.set(today, entry(service, today, `${stem}/${name}`));
        } else if (isEndpoint(value) && !found.has(value)) {
          found.set(value, entry(service, value, `${stem}/${name}`));
        }
      }
    }
  }
  return [...found.values()];
}

function entry(
  service: DeclaredEndpoint["service"],
  ep: AnyEndpoint,
  usedFor: string,
): DeclaredEndpoint {
  const declared = { service, method: ep.method, path: ep.path, usedFor };
  return ep.fallbackFor
    ? { ...declared, role: "fallback", fallbackOf: ep.fallbackFor }
    : { ...declared, role: "today" };
}
