/**
 * Redis MONITOR over a plain socket, for tests that check which commands a store sends. ioredis's
 * monitor mode fails ("Command queue state error") when other test files keep Redis busy at the
 * same time; MONITOR's output is one text line per command, so reading the lines is enough.
 */
import { connect, type Socket } from "node:net";

export interface RedisMonitor {
  /** Commands (name and arguments) of the lines that contain `filter`, as they ran. */
  readonly seen: string[][];
  close(): void;
}

/** Starts MONITOR on the Redis of `url`, keeping only the commands whose line contains `filter`. */
export async function monitorRedis(url: string, filter: string): Promise<RedisMonitor> {
  const { hostname, port, username, password } = new URL(url);
  const socket: Socket = connect(Number(port || 6379), hostname || "127.0.0.1");
  const seen: string[][] = [];
  let buffered = "";
  let started: (() => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    socket.once("error", reject);
  });
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf("\r\n");
    while (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (line === "+OK") started?.();
      else if (line.includes(filter)) seen.push(commandOf(line));
      end = buffered.indexOf("\r\n");
    }
  });
  const auth = password
    ? `AUTH ${username ? `${decodeURIComponent(username)} ` : ""}${decodeURIComponent(password)}\r\n`
    : "";
  // AUTH answers +OK too: MONITOR's own +OK is the last one, and lines before it carry no command.
  socket.write(`${auth}MONITOR\r\n`);
  await ready;
  return { seen, close: () => socket.destroy() };
}

/** `+1700000000.1 [0 127.0.0.1:5] "zrangebylex" "k" "[a"` → ["zrangebylex", "k", "[a"]. */
function commandOf(line: string): string[] {
  const quoted = line.slice(line.indexOf("]") + 1).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
  return quoted.map((q) => q.slice(1, -1).replace(/\\(.)/g, "$1"));
}
