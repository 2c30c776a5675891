/**
 * The build fails before Ozon does: every method the bot declares (src/ozon/*\/endpoints) is one
 * Ozon's documents list and do not say is switched off today. Seed forms kept only as fallbacks
 * (a capability's `spec`) are not relied on and may be gone. `npm run ozon-check` prints the table.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { MethodCatalogue, methodCatalogue } from "../../src/openapi/catalogue.ts";
import { declaredEndpoints } from "../../src/ozon/declared.ts";
import { checkEndpoints, checkTable, dueWithin } from "../../src/ozon/documents-check.ts";

const today = new Date().toISOString().slice(0, 10);

describe("the bot's Ozon methods against Ozon's documents", () => {
  it("declares many methods of both services, each read from the endpoints folders", async () => {
    const declared = await declaredEndpoints();
    expect(declared.filter((d) => d.service === "seller").length).toBeGreaterThan(40);
    expect(declared.filter((d) => d.service === "performance").length).toBeGreaterThan(10);
    expect(declared.some((d) => d.role === "fallback")).toBe(true);
  });

  it("relies on no method the documents do not list or have switched off", async () => {
    const gone = checkEndpoints(await declaredEndpoints(), methodCatalogue(), today)
      .filter((c) => c.verdict === "gone")
      .map((c) => `${c.declared.method} ${c.declared.path} (${c.declared.usedFor})`);
    expect(gone).toEqual([]);
  });

  it("would fail on a method switched off tomorrow once tomorrow comes", async () => {
    const declared = await declaredEndpoints();
    const used = declared.find((d) => d.role === "today" && d.path === "/v3/posting/fbs/get");
    expect(used).toBeDefined();
    const lifecycle = structuredClone(methodCatalogue().lifecycle);
    const doc = lifecycle.methods.find((m) => m.path === "/v3/posting/fbs/get");
    if (!doc) throw new Error("/v3/posting/fbs/get is not in the documents");
    Object.assign(doc, { announced: true, offOn: "2027-02-01", successor: "/v4/posting/fbs/get" });
    const moved = new MethodCatalogue(lifecycle);
    const verdictOn = (day: string) =>
      checkEndpoints(declared, moved, day).find((c) => c.declared.path === "/v3/posting/fbs/get");
    const before = checkEndpoints(declared, moved, "2027-01-01");
    expect(dueWithin(before, 90).map((c) => c.declared.path)).toContain("/v3/posting/fbs/get");
    expect(verdictOn("2027-01-01")).toMatchObject({ verdict: "announced", daysLeft: 31 });
    expect(verdictOn("2027-02-01")).toMatchObject({ verdict: "gone", daysLeft: 0 });
    const after = checkEndpoints(declared, moved, "2027-02-01");
    expect(checkTable(after)).toContain(
      "| POST /v3/posting/fbs/get | postings/postingGetV3 | yes | 2027-02-01 (off) | /v4/posting/fbs/get (not used) | gone |",
    );
  });

  it("npm run ozon-check prints the table and what is due", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["src/ozon/check-cli.ts", "--day", today],
      {
        cwd: new URL("../..", import.meta.url).pathname,
      },
    );
    expect(stdout).toContain(
      "| method | used for | documented | switch-off announced | successor in use | verdict |",
    );
    expect(stdout).toContain("| POST /v3/chat/list | chats/chatList | yes | — | — | live |");
    expect(stdout).toMatch(/Gone \(not documented or switched off\), relied on: 0\n/);
    expect(stdout).toMatch(/Announced to go within 90 days: \d+/);
  });
});
