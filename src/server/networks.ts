/**
 * Source networks allowed to reach a route (OZON_PUSH_ALLOW), with node:net's BlockList, and the
 * client address of a request: the socket's peer, or — only when TRUST_PROXY is set — the
 * address the proxy appended last to X-Forwarded-For (the earlier ones are whatever the client
 * wrote and prove nothing).
 * Tests: none directly
 */
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { parseCidr } from "../config-fields.ts";

export class NetworkAllowList {
  readonly #list = new BlockList();
  readonly #empty: boolean;

  constructor(networks: readonly string[]) {
    this.#empty = networks.length === 0;
    for (const network of networks) {
      const parsed = parseCidr(network);
      if (!parsed) throw new TypeError(`not a network: ${network}`);
      this.#list.addSubnet(parsed.address, parsed.prefix, parsed.type);
    }
  }

  /** True when no list is set, or the address lies in one of its networks. */
  allows(address: string | undefined): boolean {
    if (this.#empty) return true;
    if (!address) return false;
    const plain =
      address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const version = isIP(plain);
    if (version === 0) return false;
    return this.#list.check(plain, version === 4 ? "ipv4" : "ipv6");
  }
}

export function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const header = req.headers["x-forwarded-for"];
    const last = (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return req.socket.remoteAddress;
}
