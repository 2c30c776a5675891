/**
 * `node src/main.ts` as a real child process: its JSON log lines parsed as they come, its exit,
 * and a free port for its HTTP server. Call `stopMainProcesses()` in afterEach.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Sandbox } from "../../src/sandbox/index.ts";
import { waitFor } from "./wait.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface MainProcess {
  child: ChildProcess;
  logs: LogLine[];
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForLog(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

/** Kills what is still running and removes the working folders. */
export function stopMainProcesses(): void {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A free TCP port: the configuration takes PORT 1-65535 (not 0), so one is found by binding an
 * ephemeral port and releasing it.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The settings that point the bot at a sandbox of the test's own as its Seller API. */
export function sellerEnv(sandbox: Sandbox): Record<string, string> {
  return {
    OZON_SANDBOX: "0",
    OZON_SELLER_URL: sandbox.url,
    OZON_CLIENT_ID: sandbox.credentials.sellerClientId,
    OZON_API_KEY: sandbox.credentials.sellerApiKey,
  };
}

/** Starts the bot in a fresh empty working folder (so no .env is read) with only `env`. */
export function startMain(env: Record<string, string>): MainProcess {
  const cwd = mkdtempSync(join(tmpdir(), "ozon-bot-main-"));
  dirs.push(cwd);
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  const logs: LogLine[] = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    const lines = out.split("\n");
    for (const line of lines.slice(logs.length, lines.length - 1)) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: 0, msg: line });
      }
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    logs,
    stdout: () => out,
    stderr: () => err,
    exit,
    // A deadline, not a wait: starting node with type stripping took over 10 s on a loaded machine.
    waitForLog: async (predicate, timeoutMs = 45_000) => {
      try {
        return await waitFor(() => logs.find(predicate), { timeoutMs, message: "log line" });
      } catch (error) {
        const seen = logs.map((l) => l.msg).join(" | ");
        throw new Error(`${(error as Error).message}; logs: ${seen}; stderr: ${err}`);
      }
    },
  };
}
