// Chat file downloads of the Seller client. Against local HTTP servers (one stands in for the
// Seller API, another for "another host"): only Ozon's chat file path on the Seller origin is
// fetched, never a redirect. Against the sandbox over HTTP: the body is read up to a cap and
// within one deadline, whatever pace and length it comes in.
import { afterEach, describe, expect, it } from "vitest";
import { OzonFileTooLargeError } from "../../../src/ozon/download.ts";
import {
  isOzonApiError,
  isOzonInputError,
  isOzonNetworkError,
  type OzonNetworkError,
} from "../../../src/ozon/errors.ts";
import type { SellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { waitFor } from "../../support/wait.ts";
import { API_KEY, type SellerSetup, sellerAgainst } from "../support/seller.ts";
import { startServer, type TestServer } from "../support/server.ts";

let setup: SellerSetup | undefined;
let elsewhere: TestServer | undefined;
let sandbox: Sandbox | undefined;
let seller: SellerClient | undefined;
afterEach(async () => {
  await setup?.close();
  await elsewhere?.close();
  await seller?.close();
  await sandbox?.close();
  setup = undefined;
  elsewhere = undefined;
  seller = undefined;
  sandbox = undefined;
});

/** The sandbox with one buyer file of `bytes`, and a Seller client; the file's URL. */
async function sandboxFile(bytes: Uint8Array) {
  sandbox = await startSandbox({ initialChats: 1 });
  seller = sandboxSeller(sandbox);
  const chat = sandbox.control.chats().find((c) => c.kind === "buyer");
  const message = sandbox.control.buyerWrites(chat?.id, {
    file: { name: "video.mp4", data: bytes, form: "file" },
  });
  const url = message.file?.url ?? "";
  const path = new URL(url).pathname;
  /** Body bytes the sandbox wrote for the file, once its answer in pieces ended. */
  const written = () => sandbox?.requests.find((r) => r.path === path)?.bodyBytesWritten;
  return { sandbox, seller, url, written };
}

describe("chat file download", () => {
  it("sends the keys only to the chat file path of the Seller origin; anything else is not fetched", async () => {
    setup = await sellerAgainst({
      "GET /v2/chat/file/abc/check.pdf": (_req, res) => {
        res.writeHead(200, { "content-type": "application/pdf" });
        res.end("%PDF-1.4");
      },
    });
    elsewhere = await startServer((_req, res) => {
      res.end("secret");
    });
    const origin = setup.server.url;
    const refused = [
      `${elsewhere.url}/v2/chat/file/abc/check.pdf`,
      `${origin}/v3/posting/fbs/get`,
      `${origin}/v1/chat/send/message`,
      `${origin}/v2/chat/file/../../v1/chat/list`,
      `${origin}/v2/chat/file/..%2f..%2fv1%2fchat%2flist`,
      `${origin.replace("http://", "http://user:pass@")}/v2/chat/file/abc/check.pdf`,
      "file:///etc/passwd",
      "not a url",
    ];
    for (const url of refused) {
      await expect(setup.seller.chats.downloadFile(url), url).rejects.toSatisfy(isOzonInputError);
    }
    expect(elsewhere.requests).toHaveLength(0);
    expect(setup.server.requests).toHaveLength(0);

    const file = await setup.seller.chats.downloadFile(`${origin}/v2/chat/file/abc/check.pdf`);
    expect(new TextDecoder().decode(file.bytes)).toBe("%PDF-1.4");
    expect(setup.server.requests.map((r) => r.path)).toEqual(["/v2/chat/file/abc/check.pdf"]);
    expect(setup.server.requests[0]?.headers["api-key"]).toBe(API_KEY);
  });

  it("does not follow a redirect from the Seller origin to another host", async () => {
    elsewhere = await startServer((_req, res) => {
      res.end("internal answer");
    });
    const target = `${elsewhere.url}/latest/meta-data`;
    setup = await sellerAgainst({
      "GET /v2/chat/file/moved": (_req, res) => {
        res.writeHead(302, { location: target });
        res.end();
      },
    });
    const failure = await setup.seller.chats
      .downloadFile(`${setup.server.url}/v2/chat/file/moved`)
      .catch((error: unknown) => error);
    expect(isOzonApiError(failure) && failure.status).toBe(302);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it("stops at the cap when Content-Length says more, before reading the body", async () => {
    const { seller, url } = await sandboxFile(new Uint8Array(2_000_000));
    const failure = await seller.chats
      .downloadFile(url, { maxBytes: 1_000 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OzonFileTooLargeError);
    expect(failure).toMatchObject({ limitBytes: 1_000, sizeBytes: 2_000_000 });
  });

  it("stops reading a body without Content-Length once it passes the cap", async () => {
    const total = 64 * 1024 * 1024;
    const { sandbox, seller, url, written } = await sandboxFile(new Uint8Array(total));
    sandbox.control.setFault("GET /v2/chat/file/*", { bodyChunkBytes: 64 * 1024 });
    const failure = await seller.chats
      .downloadFile(url, { maxBytes: 1024 * 1024 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OzonFileTooLargeError);
    expect(failure).toMatchObject({ limitBytes: 1024 * 1024, sizeBytes: undefined });
    // The sandbox stops once the client went away; it wrote the cap plus socket buffers.
    expect(await waitFor(written)).toBeLessThan(total / 4);
  });

  it("gives up a body that trickles in at the overall deadline", async () => {
    const { sandbox, seller, url, written } = await sandboxFile(new Uint8Array(1_000));
    // One byte every 20 ms: 20 s, though no gap comes near the body timeout.
    sandbox.control.setFault("GET /v2/chat/file/*", { bodyChunkBytes: 1, bodyPauseMs: 20 });
    const failure = await seller.chats
      .downloadFile(url, { deadlineMs: 300 })
      .catch((error: unknown) => error);
    expect(isOzonNetworkError(failure)).toBe(true);
    expect((failure as OzonNetworkError).timeout).toBe(true);
    expect(await waitFor(written)).toBeLessThan(1_000);
  });

  it("a caller's abort ends the download with the caller's reason", async () => {
    const { sandbox, seller, url } = await sandboxFile(new Uint8Array(1_000));
    sandbox.control.setFault("GET /v2/chat/file/*", { bodyChunkBytes: 1, bodyPauseMs: 20 });
    const stop = new AbortController();
    const download = seller.chats
      .downloadFile(url, { signal: stop.signal })
      .catch((error: unknown) => error);
    await waitFor(() => sandbox.requests.length > 0);
    const reason = new Error("stopping");
    stop.abort(reason);
    expect(await download).toBe(reason);
  });

  it("closing the client cuts off a download still under way after a second", async () => {
    const { sandbox, seller, url, written } = await sandboxFile(new Uint8Array(1_000));
    // One byte every 20 ms: 20 s, well inside the download's own 60 s deadline.
    sandbox.control.setFault("GET /v2/chat/file/*", { bodyChunkBytes: 1, bodyPauseMs: 20 });
    const download = seller.chats.downloadFile(url).catch((error: unknown) => error);
    await waitFor(() => sandbox.requests.length > 0, { message: "the download under way" });
    const started = Date.now();
    await seller.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isOzonNetworkError(await download)).toBe(true);
    expect(await waitFor(written)).toBeLessThan(1_000);
  });
});
