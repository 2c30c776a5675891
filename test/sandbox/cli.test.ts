import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SANDBOX_CREDENTIALS } from "../../src/config.ts";
import { waitFor } from "../support/wait.ts";

const cli = fileURLToPath(new URL("../../src/sandbox/cli.ts", import.meta.url));

describe("npm run sandbox", () => {
  it("prints the URL and credentials, serves, and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, [cli, "--port", "0", "--new-posting-every", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    try {
      const url = await waitFor(
        () => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1],
        {
          timeoutMs: 10_000,
          message: "the sandbox URL",
        },
      );
      expect(output).toContain(SANDBOX_CREDENTIALS.sellerApiKey);
      expect(output).toContain(SANDBOX_CREDENTIALS.performanceClientSecret);
      const res = await fetch(`${url}/v2/warehouse/list`, {
        method: "POST",
        headers: {
          "Client-Id": SANDBOX_CREDENTIALS.sellerClientId,
          "Api-Key": SANDBOX_CREDENTIALS.sellerApiKey,
          "Content-Type": "application/json",
        },
        body: '{"limit":200}',
      });
      expect(res.status).toBe(200);
      // A method Ozon switched off answers as a removed one.
      const gone = await fetch(`${url}/v1/warehouse/list`, {
        method: "POST",
        headers: {
          "Client-Id": SANDBOX_CREDENTIALS.sellerClientId,
          "Api-Key": SANDBOX_CREDENTIALS.sellerApiKey,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ limit: 10 }),
      });
      expect(gone.status).toBe(404);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM: stopping the sandbox");
  });

  it("refuses a bad option", async () => {
    const child = spawn(process.execPath, [cli, "--retire", "500"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).toBe(2);
  });
});
