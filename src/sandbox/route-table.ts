/** Tests: none directly */
import type { Reply, SandboxRequest, Service } from "./http.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Route {
  method: HttpMethod;
  /** Path with `{name}` parameters; a trailing `/*` takes the rest of the path as `rest`. */
  pattern: string;
  service: Service;
  /** `none` only for the Performance token method. */
  auth: "seller" | "performance" | "none";
  /** The spec's form of a capability that has a successor: it can be retired (404/410). */
  retirable?: boolean;
  /**
   * A file's address that an answer hands out (a chat file, a label batch's file), not an API
   * method: Ozon's documents do not list such addresses, so their rules do not apply.
   */
  fileLink?: boolean;
  handle(req: SandboxRequest): Reply | Promise<Reply>;
}

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  names: string[];
}

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: HttpMethod[] }
  | { kind: "missing" };

export class RouteTable {
  private readonly compiled: CompiledRoute[] = [];

  add(...routes: Route[]): void {
    for (const route of routes) this.compiled.push(compile(route));
  }

  get routes(): Route[] {
    return this.compiled.map((c) => c.route);
  }

  match(method: string, path: string): RouteMatch {
    const allowed: HttpMethod[] = [];
    for (const { route, regex, names } of this.compiled) {
      const m = regex.exec(path);
      if (!m) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1] ?? "");
      });
      return { kind: "found", route, params };
    }
    return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "missing" };
  }
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  let source = "";
  const pattern = route.pattern.endsWith("/*") ? route.pattern.slice(0, -2) : route.pattern;
  for (const part of pattern.split(/(\{\w+\})/)) {
    const param = /^\{(\w+)\}$/.exec(part);
    if (param) {
      names.push(param[1] as string);
      source += "([^/]+)";
    } else {
      source += part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  if (route.pattern.endsWith("/*")) {
    names.push("rest");
    source += "/(.+)";
  }
  return { route, regex: new RegExp(`^${source}/?$`), names };
}
