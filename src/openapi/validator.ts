/**
 * Checks a request body and a JSON answer against the schemas of Ozon's OpenAPI documents
 * (`ozon-openapi/`), with ajv. OpenAPI 3.0 speaks a dialect of JSON Schema: `nullable` is ajv's
 * own keyword, annotations (`example`, `x-…`) are ignored, and formats (`int64`, `date-time`) are
 * not checked, since Ozon writes them loosely in its own examples. A method named only in prose
 * (the Performance token) has no schema, and nothing is checked for it.
 * Tests: test/openapi/validator.test.ts
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { templateKey } from "./catalogue.ts";
import { openApiDocument } from "./documents.ts";
import type { OzonService } from "./lifecycle.ts";

export interface SchemaProblem {
  /** Where in the body, as a JSON pointer (`/postings/0/status`). */
  at: string;
  message: string;
}

type Part = "request" | "answer";

const POINTER_ESCAPES: Record<string, string> = { "~": "~0", "/": "~1" };
const pointer = (segment: string) => segment.replace(/[~/]/g, (c) => POINTER_ESCAPES[c] ?? c);

export class OpenApiValidator {
  /**
   * Answers: the documents' schemas, a field they do not name being Ozon's to add, and an optional
   * field's `null` being how Ozon's gateway writes an unset one (`"customer": null`).
   */
  readonly #answers = newAjv();
  /**
   * Requests: closed, as Ozon's gateway is — a field the documents do not name is refused there
   * («proto: unknown field»), so here too.
   */
  readonly #requests = newAjv();
  readonly #paths = new Map<OzonService, Map<string, string>>();
  readonly #compiled = new Map<string, ValidateFunction | null>();

  constructor() {
    for (const service of ["seller", "performance"] as const) {
      const doc = openApiDocument(service);
      const answers = nullWhereOptional(schemaSafe(mended(service, structuredClone(doc))));
      this.#answers.addSchema(answers as object, service);
      // Only the Seller API sits behind the gRPC gateway that refuses unknown fields; the
      // Performance API's requests are checked as the documents write them.
      if (service === "seller") {
        this.#requests.addSchema(closed(schemaSafe(structuredClone(doc))) as object, service);
      } else {
        this.#requests.addSchema(schemaSafe(structuredClone(doc)) as object, service);
      }
      const byKey = new Map<string, string>();
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const verb of Object.keys(operations)) byKey.set(templateKey(verb, path), path);
      }
      this.#paths.set(service, byKey);
    }
  }

  /** Problems of a request body; undefined when the documents give no schema for it. */
  request(
    service: OzonService,
    method: string,
    pattern: string,
    body: unknown,
  ): SchemaProblem[] | undefined {
    return this.#check(service, method, pattern, "request", "", body);
  }

  /** Problems of a JSON answer with this status; undefined when the documents give no schema. */
  answer(
    service: OzonService,
    method: string,
    pattern: string,
    status: number,
    body: unknown,
  ): SchemaProblem[] | undefined {
    return this.#check(service, method, pattern, "answer", String(status), body);
  }

  #check(
    service: OzonService,
    method: string,
    pattern: string,
    part: Part,
    status: string,
    body: unknown,
  ): SchemaProblem[] | undefined {
    const validate = this.#validator(service, method, pattern, part, status);
    if (!validate) return undefined;
    if (validate(body)) return [];
    return (validate.errors ?? []).filter(telling).map(problemOf);
  }

  #validator(
    service: OzonService,
    method: string,
    pattern: string,
    part: Part,
    status: string,
  ): ValidateFunction | undefined {
    const cacheKey = `${service} ${templateKey(method, pattern)} ${part} ${status}`;
    const known = this.#compiled.get(cacheKey);
    if (known !== undefined) return known ?? undefined;
    const path = this.#paths.get(service)?.get(templateKey(method, pattern));
    const verb = method.toLowerCase();
    const operation = path ? openApiDocument(service).paths[path]?.[verb] : undefined;
    let ref: string | undefined;
    if (path && operation) {
      const base = `${service}#/paths/${pointer(path)}/${verb}`;
      const op = operation as {
        requestBody?: { content?: Record<string, { schema?: unknown }> };
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      };
      if (part === "request" && op.requestBody?.content?.["application/json"]?.schema) {
        ref = `${base}/requestBody/content/application~1json/schema`;
      }
      // Only the answers the documents list by their status: their `default` error bodies differ
      // from method to method (`details` a list in most, a string in the questions' methods), and
      // the bot reads every error body by `code` and `message` alike.
      if (part === "answer" && op.responses?.[status]?.content?.["application/json"]?.schema) {
        ref = `${base}/responses/${status}/content/application~1json/schema`;
      }
    }
    const ajv = part === "request" ? this.#requests : this.#answers;
    const validate = ref ? ajv.compile({ $ref: ref }) : null;
    this.#compiled.set(cacheKey, validate);
    return validate ?? undefined;
  }
}

/**
 * Where the documents contradict themselves, the answer is checked against both of their words:
 * the schema and the method's own example. Each such place is named here, with why.
 */
function mended<D extends object>(service: OzonService, doc: D): D {
  const { components } = doc as { components?: { schemas?: unknown } };
  const schemas = components?.schemas as
    | Record<string, { properties?: Record<string, unknown> }>
    | undefined;
  if (service !== "seller" || !schemas) return doc;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  // /v2/returns/rfbs/list: the schema makes `returns` one object; the example and the method's
  // purpose (a list of requests) make it an array.
  const list = schemas.v2ReturnsRfbsListResponse?.properties;
  if (list?.returns) {
    list.returns = {
      anyOf: [
        ref("ReturnsRfbsListResponseReturns"),
        { type: "array", items: ref("ReturnsRfbsListResponseReturns") },
      ],
    };
  }
  // /v2/returns/rfbs/get: `available_actions` is [{id, name}] in the schema and
  // [{"action": {id, name}}] in the example.
  const actions = schemas.ReturnsRfbsGetResponseReturns?.properties?.available_actions as
    | { items?: unknown }
    | undefined;
  if (actions?.items) {
    const action = actions.items;
    actions.items = {
      anyOf: [action, { type: "object", required: ["action"], properties: { action } }],
    };
  }
  return doc;
}

function newAjv(): Ajv {
  return new Ajv({
    strict: false,
    allErrors: true,
    validateFormats: false,
    validateSchema: false,
    discriminator: false,
  });
}

/** Each property its object does not require may also be `null`. */
function nullWhereOptional(node: unknown): unknown {
  if (Array.isArray(node)) {
    for (const item of node) nullWhereOptional(item);
  } else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key !== "example" && key !== "examples") nullWhereOptional(value);
    }
    const properties = record.properties;
    if (properties && typeof properties === "object" && !Array.isArray(properties)) {
      const required = new Set(Array.isArray(record.required) ? (record.required as string[]) : []);
      const props = properties as Record<string, unknown>;
      for (const [name, schema] of Object.entries(props)) {
        if (!required.has(name) && schema && typeof schema === "object") {
          props[name] = { anyOf: [{ type: "null" }, schema] };
        }
      }
    }
  }
  return node;
}

/** Every object schema that lists its properties takes no others (unless it says otherwise). */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) {
    for (const item of node) closed(item);
  } else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    const plainObject =
      record.properties &&
      typeof record.properties === "object" &&
      !("additionalProperties" in record);
    if (plainObject && !("oneOf" in record) && !("anyOf" in record) && !("allOf" in record)) {
      record.additionalProperties = false;
      // A field the object requires is its own even where the documents forgot to describe it
      // (`quant_size` of /v2/products/stocks).
      const properties = record.properties as Record<string, unknown>;
      for (const name of Array.isArray(record.required) ? (record.required as string[]) : []) {
        properties[name] ??= {};
      }
    }
    for (const [key, value] of Object.entries(record)) {
      if (key !== "example" && key !== "examples") closed(value);
    }
  }
  return node;
}

/**
 * Mends what the documents write in a form JSON Schema does not accept, so one slip does not stop
 * every check: `required: true` on a property (Swagger 2's way) is dropped, since the property's
 * parent never lists it; so are an `enum` that is not a list, a `type` JSON Schema does not name, and
 * the documents' patterns, which are pictures of a value rather than regular expressions.
 */
const DECIMAL = "^-?\\d+$";
const WIDE_INTEGERS = new Set(["int64", "uint64"]);
const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);

function schemaSafe(node: unknown): unknown {
  if (Array.isArray(node)) {
    for (const item of node) schemaSafe(item);
  } else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    for (const key of ["required", "enum"]) {
      if (key in record && !Array.isArray(record[key])) delete record[key];
    }
    if (typeof record.type === "string" && !JSON_TYPES.has(record.type)) delete record.type;
    // `type: array, items: null` beside a `$ref` (the cash-flow statement's `details`, its
    // `payments`, the services' and returns' `items`): Ozon's example writes some of them as one
    // object and some as a list of them, so either is taken — nothing else.
    if ("items" in record && (record.items === null || typeof record.items !== "object")) {
      delete record.items;
      if (typeof record.$ref === "string") {
        const ref = record.$ref;
        delete record.$ref;
        delete record.type;
        record.anyOf = [{ $ref: ref }, { type: "array", items: { $ref: ref } }];
      }
    }
    // Every `pattern` the documents write is a picture for people (" YYYY-MM-DDThh:mm:ss.mcsZ",
    // "+7(XXX)XXX-XX-XX"), not a regular expression.
    if (typeof record.pattern === "string" && record.pattern !== DECIMAL) delete record.pattern;
    if (
      WIDE_INTEGERS.has(String(record.format)) &&
      (record.type === "integer" || record.type === "string")
    ) {
      // Protobuf's JSON mapping writes a 64-bit integer as a decimal string and reads either form;
      // the documents name both `integer` and `string` for such fields, so either is taken.
      delete record.type;
      // A nullable one (the accruals' `sku`) keeps its null without `nullable`, which needs a type.
      record.anyOf = [
        { type: "integer" },
        { type: "string", pattern: DECIMAL },
        ...(record.nullable === true ? [{ type: "null" }] : []),
      ];
      delete record.nullable;
    }
    for (const [key, value] of Object.entries(record)) {
      if (key !== "example" && key !== "examples") schemaSafe(value);
    }
  }
  return node;
}

/**
 * Drops the echoes of the `anyOf` wrappers above (a field "must be null", "must match a schema in
 * anyOf") when the real reason is reported beside them.
 */
function telling(error: ErrorObject, _index: number, all: ErrorObject[]): boolean {
  if (error.keyword === "anyOf") return all.length === 1;
  // "ten" for a 64-bit integer: "must be integer" says it; the decimal-string branch's pattern
  // would only repeat it.
  if (error.keyword === "pattern" && (error.params as { pattern?: string }).pattern === DECIMAL) {
    return !all.some(
      (other) => other.keyword === "type" && other.instancePath === error.instancePath,
    );
  }
  if (error.keyword === "type" && (error.params as { type?: string }).type === "null") {
    const at = error.instancePath;
    return !all.some(
      (other) =>
        other !== error &&
        other.keyword !== "anyOf" &&
        (other.instancePath === at || other.instancePath.startsWith(`${at}/`)),
    );
  }
  return true;
}

function problemOf(error: ErrorObject): SchemaProblem {
  const detail =
    error.keyword === "additionalProperties"
      ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
      : error.keyword === "enum"
        ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})`
        : "";
  return { at: error.instancePath || "/", message: `${error.message ?? error.keyword}${detail}` };
}
