/**
 * Reading a request to the fake Bot API (fake-bot-api.ts) as Telegram's server reads it: query
 * parameters, a JSON body, a urlencoded form or multipart/form-data with files. Form fields
 * arrive as text (objects as JSON, ids as numbers); a body that cannot be read is told in
 * Telegram's words ("Bad Request: ...").
 */
import type { IncomingMessage } from "node:http";
import type { UploadedFile } from "./bot-api-calls.ts";

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

const NUMERIC_FIELDS = new Set([
  "chat_id",
  "message_id",
  "message_thread_id",
  "reply_to_message_id",
]);

/** Multipart and form fields arrive as text: objects are JSON, ids are numbers. */
function fieldValue(name: string, value: string): unknown {
  if (/^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (NUMERIC_FIELDS.has(name) && /^-?\d+$/.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  return value;
}

/** Fields whose value is an object or a list (a keyboard, entities, a media group…). */
const OBJECT_FIELDS = new Set([
  "reply_markup",
  "entities",
  "caption_entities",
  "media",
  "commands",
  "scope",
  "reply_parameters",
  "link_preview_options",
  "allowed_updates",
  "message_ids",
  "reaction",
]);

/**
 * Telegram's server reads every field of a JSON body as text (a string's content, or any other
 * value's JSON as written: tdlib/td, HttpReader::parse_json_parameters), so an object field may
 * come as its JSON text, as the bot sends reply_markup (src/bot/core/telegram-transport.ts). Such a
 * field is read here as Telegram reads it; text that is no JSON gets Telegram's refusal.
 */
function parseObjectFieldsGivenAsText(
  payload: Record<string, unknown>,
  asText: string[],
): string | undefined {
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value !== "string" || !OBJECT_FIELDS.has(name)) continue;
    asText.push(name);
    try {
      payload[name] = JSON.parse(value);
    } catch {
      return name === "reply_markup"
        ? "Bad Request: can't parse reply keyboard markup JSON object"
        : `Bad Request: can't parse ${name} JSON object`;
    }
  }
  return undefined;
}

export interface ParsedPayload {
  payload: Record<string, unknown>;
  files: UploadedFile[];
  /** A Telegram-style "Bad Request: ..." description when the body could not be read. */
  error?: string;
  /** JSON body fields of OBJECT_FIELDS that came as their JSON text. */
  fieldsAsText?: string[];
}

export function parsePayload(contentType: string, url: URL, body: Buffer): ParsedPayload {
  const parsed: ParsedPayload = { payload: {}, files: [] };
  for (const [name, value] of url.searchParams) parsed.payload[name] = fieldValue(name, value);
  if (body.byteLength === 0) return parsed;
  const type = contentType.toLowerCase();
  if (type.startsWith("application/json")) {
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      return { ...parsed, error: "Bad Request: can't parse JSON object" };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { ...parsed, error: "Bad Request: the JSON body must be an object" };
    }
    Object.assign(parsed.payload, value);
    parsed.fieldsAsText = [];
    const error = parseObjectFieldsGivenAsText(parsed.payload, parsed.fieldsAsText);
    if (error !== undefined) parsed.error = error;
  } else if (type.startsWith("multipart/form-data")) {
    const error = parseMultipart(contentType, body, parsed);
    if (error !== undefined) parsed.error = `Bad Request: ${error}`;
  } else if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [name, value] of new URLSearchParams(body.toString("utf8"))) {
      parsed.payload[name] = fieldValue(name, value);
    }
  }
  return parsed;
}

// --- multipart/form-data ---------------------------------------------------------------------
//
// Read as bytes, never as one decoded string: file contents are binary, and header bytes are
// UTF-8. grammY writes `content-disposition:form-data;name="<id>";filename=<name>` with the name
// unquoted and raw UTF-8 (Счёт №5.pdf goes as its UTF-8 bytes, spaces and all). Telegram's server
// reads an unquoted value up to the next `;` and drops surrounding quotes, and so does this
// parser; it also takes quoted strings with backslash escapes and RFC 5987 `filename*=`, which
// wins over `filename` (RFC 6266) because it is the exact form.

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const DASH = 0x2d;
const utf8 = new TextDecoder("utf-8");

/** Fills `into` with the form's fields and files; returns why the body is malformed, if it is. */
function parseMultipart(
  contentType: string,
  body: Buffer,
  into: ParsedPayload,
): string | undefined {
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) return "boundary not found";
  const opening = Buffer.from(`--${value}`);
  // Every later delimiter starts on its own line: the CRLF before it belongs to the delimiter.
  const delimiter = Buffer.from(`\r\n--${value}`);

  let pos: number;
  if (body.subarray(0, opening.length).equals(opening)) {
    pos = opening.length;
  } else {
    const first = body.indexOf(delimiter); // after a preamble
    if (first < 0) return "the body has no multipart boundary";
    pos = first + delimiter.length;
  }
  for (;;) {
    if (body[pos] === DASH && body[pos + 1] === DASH) return undefined; // the closing delimiter
    const lineEnd = body.indexOf(CRLF, pos);
    if (lineEnd < 0) return "multipart/form-data ended without the closing boundary";
    if (body.subarray(pos, lineEnd).toString("latin1").trim() !== "") {
      return "unexpected bytes after a multipart boundary";
    }
    const headersEnd = body.indexOf(HEADERS_END, lineEnd);
    const nextAfterLine = body.indexOf(delimiter, lineEnd);
    if (headersEnd < 0 || (nextAfterLine >= 0 && nextAfterLine < headersEnd)) {
      return "multipart/form-data part headers do not end with an empty line";
    }
    if (headersEnd === lineEnd) return "headers in multipart/form-data are empty";
    const contentStart = headersEnd + HEADERS_END.length;
    const next = body.indexOf(delimiter, contentStart);
    if (next < 0) return "multipart/form-data ended without the closing boundary";

    const part = parsePartHeaders(utf8.decode(body.subarray(lineEnd + CRLF.length, headersEnd)));
    if (typeof part === "string") return part;
    const content = body.subarray(contentStart, next);
    if (part.fileName !== undefined) {
      into.files.push({
        field: part.name,
        fileName: part.fileName,
        size: content.byteLength,
        contentType: part.contentType,
        bytes: new Uint8Array(content),
      });
      into.payload[part.name] = `attach://${part.name}`;
    } else {
      into.payload[part.name] = fieldValue(part.name, utf8.decode(content));
    }
    pos = next + delimiter.length;
  }
}

interface PartHeaders {
  name: string;
  /** Present for a file part (Telegram treats any part with a file name as a file). */
  fileName?: string;
  contentType: string;
}

/** The part's field name, file name and type; a string says why the headers are malformed. */
function parsePartHeaders(text: string): PartHeaders | string {
  let disposition: Map<string, string> | undefined;
  let contentType = "application/octet-stream";
  // Folded lines (a CRLF followed by a space or tab) continue the header above.
  for (const line of text.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) return "can't parse form data headers";
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-disposition") {
      const params = dispositionParams(value);
      if (!params) return "expected form-data content disposition";
      disposition = params;
    } else if (header === "content-type") {
      contentType = value;
    }
  }
  const name = disposition?.get("name");
  if (!disposition || !name) return "field name in multipart/form-data not found";
  const plain = disposition.get("filename");
  const extended = disposition.get("filename*");
  const decoded = extended === undefined ? undefined : decodeExtendedValue(extended);
  if (extended !== undefined && decoded === undefined && plain === undefined) {
    return "can't decode the filename* parameter of a multipart/form-data part";
  }
  const fileName = decoded ?? plain;
  return fileName === undefined ? { name, contentType } : { name, fileName, contentType };
}

/**
 * Parameters of `form-data; name="x"; filename=...` (keys in lower case, the first of a key
 * wins); undefined when it is not form-data.
 */
function dispositionParams(value: string): Map<string, string> | undefined {
  const firstSemicolon = value.indexOf(";");
  const type = (firstSemicolon < 0 ? value : value.slice(0, firstSemicolon)).trim();
  if (type.toLowerCase() !== "form-data") return undefined;
  const params = new Map<string, string>();
  let i = firstSemicolon < 0 ? value.length : firstSemicolon + 1;
  while (i < value.length) {
    while (i < value.length && /[\s;]/.test(value.charAt(i))) i++;
    if (i >= value.length) break;
    const equals = value.indexOf("=", i);
    const semicolon = value.indexOf(";", i);
    const end = semicolon < 0 ? value.length : semicolon;
    if (equals < 0 || equals > end) {
      i = end; // a parameter without a value: nothing to keep
      continue;
    }
    const key = value.slice(i, equals).trim().toLowerCase();
    let start = equals + 1;
    while (start < value.length && /\s/.test(value.charAt(start))) start++;
    const quoted = value.charAt(start) === '"' ? readQuoted(value, start) : undefined;
    let paramValue: string;
    if (quoted && /^\s*(;|$)/.test(value.slice(quoted.end))) {
      paramValue = quoted.value;
      i = quoted.end;
    } else {
      // Unquoted (grammY's raw file names), or a quote that is part of the name itself.
      const rawEnd = value.indexOf(";", start);
      paramValue = value.slice(start, rawEnd < 0 ? value.length : rawEnd).trim();
      i = rawEnd < 0 ? value.length : rawEnd;
    }
    if (key && !params.has(key)) params.set(key, paramValue);
  }
  return params;
}

/** A quoted-string from the `"` at `start`: backslash escapes the next character. */
function readQuoted(value: string, start: number): { value: string; end: number } | undefined {
  let text = "";
  for (let i = start + 1; i < value.length; i++) {
    const char = value.charAt(i);
    if (char === "\\") {
      i++;
      if (i >= value.length) return undefined;
      text += value.charAt(i);
    } else if (char === '"') {
      return { value: text, end: i + 1 };
    } else {
      text += char;
    }
  }
  return undefined;
}

/** RFC 5987 `charset'language'percent-encoded` (UTF-8 or ISO-8859-1); undefined if malformed. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/s.exec(value);
  if (!match) return undefined;
  const chunks: Buffer[] = [];
  for (const piece of (match[2] ?? "").matchAll(/%([0-9a-f]{2})|([^%]+)|%/gi)) {
    if (piece[1]) chunks.push(Buffer.from([Number.parseInt(piece[1], 16)]));
    else if (piece[2]) chunks.push(Buffer.from(piece[2], "utf8"));
    else return undefined; // a % without two hex digits
  }
  const bytes = Buffer.concat(chunks);
  const charset = (match[1] ?? "").toLowerCase();
  if (charset === "iso-8859-1") return bytes.toString("latin1");
  if (charset !== "utf-8") return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
