/**
 * What Ozon's own OpenAPI documents say of each method's life: listed or not, deprecated, and the
 * switch-off it announces in its description («Метод устаревает и будет отключён 7 апреля 2026
 * года», «С 1 июня 2026 года метод будет отключён», «В будущем метод будет отключён») with the
 * successor the warning links to. Read from the documents themselves, so a new copy of them is the
 * whole update (`npm run ozon-check -- --write` keeps `ozon-openapi/lifecycle.json`).
 * Tests: test/openapi/lifecycle.test.ts
 */

export type OzonService = "seller" | "performance";

export interface DocumentedMethod {
  service: OzonService;
  method: string;
  /** As the document writes it, e.g. `/api/client/statistics/{UUID}`. */
  path: string;
  summary: string;
  deprecated: boolean;
  /** The announced switch-off day (YYYY-MM-DD), when the description names one. */
  offOn?: string;
  /** The description announces a switch-off (with or without a day). */
  announced: boolean;
  /** The method the warning sends sellers to. */
  successor?: string;
  /** Set when the method is named only in another's prose (no schema of its own). */
  namedIn?: string;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  deprecated?: boolean;
}

export interface OpenApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  tags?: Array<{ name: string; description?: string }>;
}

const MONTHS: Record<string, string> = {
  января: "01",
  февраля: "02",
  марта: "03",
  апреля: "04",
  мая: "05",
  июня: "06",
  июля: "07",
  августа: "08",
  сентября: "09",
  октября: "10",
  ноября: "11",
  декабря: "12",
};

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);
const WARNING = /<aside class="warning">([\s\S]*?)<\/aside>/g;
const SWITCH_OFF = /отключ(?:ён|ен|им)(?![а-яё])|будет отключ/;
const DAY =
  /(\d{1,2})\s+(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)\s+(\d{4})/;
const LINKED_PATH = /(?:<a [^>]*>|\[)\s*(\/(?:v\d+|api)\/[^\s<\]]+)/;

/** The switch-off a description announces, if any: its day and the successor it links to. */
export function announcement(
  description: string,
): { offOn?: string; successor?: string } | undefined {
  for (const [, warning = ""] of description.matchAll(WARNING)) {
    if (!SWITCH_OFF.test(warning)) continue;
    const day = DAY.exec(warning);
    const linked = LINKED_PATH.exec(warning);
    const result: { offOn?: string; successor?: string } = {};
    if (day)
      result.offOn = `${day[3]}-${MONTHS[day[2] as string]}-${(day[1] as string).padStart(2, "0")}`;
    if (linked) result.successor = linked[1] as string;
    return result;
  }
  return undefined;
}

/** Every method a document lists, with what its description announces. */
export function documentedMethods(service: OzonService, doc: OpenApiDocument): DocumentedMethod[] {
  const methods: DocumentedMethod[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [verb, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(verb)) continue;
      const said = announcement(operation.description ?? "");
      const entry: DocumentedMethod = {
        service,
        method: verb.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        deprecated: operation.deprecated === true,
        announced: said !== undefined,
      };
      if (said?.offOn) entry.offOn = said.offOn;
      if (said?.successor) entry.successor = said.successor;
      methods.push(entry);
    }
  }
  return methods.concat(namedInProse(service, doc, methods));
}

/**
 * Methods the documents describe in another's prose rather than under `paths`: the Performance
 * token (its own chapter) and the JSON form of the daily statistics («добавьте в адрес метода
 * `/json`»). Listed so a call to them counts as documented; they have no schema to check.
 */
const PROSE: Array<{
  service: OzonService;
  method: string;
  path: string;
  where: (doc: OpenApiDocument) => string | undefined;
}> = [
  {
    service: "performance",
    method: "POST",
    path: "/api/client/token",
    where: (doc) =>
      doc.tags?.find((tag) => tag.description?.includes("/api/client/token"))
        ? "the Token chapter"
        : undefined,
  },
  {
    service: "performance",
    method: "GET",
    path: "/api/client/statistics/daily/json",
    where: (doc) =>
      doc.paths["/api/client/statistics/daily"]?.get?.description?.includes(
        "/api/client/statistics/daily/json",
      )
        ? "the description of GET /api/client/statistics/daily"
        : undefined,
  },
];

function namedInProse(
  service: OzonService,
  doc: OpenApiDocument,
  listed: DocumentedMethod[],
): DocumentedMethod[] {
  return PROSE.flatMap((entry) => {
    if (entry.service !== service) return [];
    if (listed.some((m) => m.method === entry.method && m.path === entry.path)) return [];
    const where = entry.where(doc);
    if (!where) return [];
    return [
      {
        service,
        method: entry.method,
        path: entry.path,
        summary: "",
        deprecated: false,
        announced: false,
        namedIn: where,
      },
    ];
  });
}
