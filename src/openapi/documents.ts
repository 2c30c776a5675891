/**
 * The two OpenAPI documents this version was checked against (`ozon-openapi/`), read whole. Only
 * the check (`npm run ozon-check`, its test) and the sandbox's contract checking read them; the
 * bot reads the small lifecycle made from them (catalogue.ts).
 * Tests: test/openapi/lifecycle.test.ts
 */
import { readFileSync } from "node:fs";
import type { Lifecycle } from "./catalogue.ts";
import { documentedMethods, type OpenApiDocument, type OzonService } from "./lifecycle.ts";

export const DOCUMENT_URLS: Record<OzonService, URL> = {
  seller: new URL("../../ozon-openapi/seller.json", import.meta.url),
  performance: new URL("../../ozon-openapi/performance.json", import.meta.url),
};

const cache = new Map<OzonService, OpenApiDocument>();

export function openApiDocument(service: OzonService): OpenApiDocument {
  let doc = cache.get(service);
  if (!doc) {
    doc = JSON.parse(readFileSync(DOCUMENT_URLS[service], "utf8")) as OpenApiDocument;
    cache.set(service, doc);
  }
  return doc;
}

/** The lifecycle of every documented method, as `ozon-openapi/lifecycle.json` keeps it. */
export function lifecycleOfDocuments(): Lifecycle {
  const services: OzonService[] = ["seller", "performance"];
  return {
    documents: services.map((service) => {
      const { title, version } = openApiDocument(service).info;
      return { service, title, version };
    }),
    methods: services.flatMap((service) => documentedMethods(service, openApiDocument(service))),
  };
}
