/**
 * Two bot processes on one Redis: a manager orders a statistics report, and the process whose
 * report runner holds the job is killed with SIGKILL while Ozon prepares the report. The other
 * process takes the runner over and the file reaches the manager exactly once.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { command } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";
import { ADMIN, redis, startWorld, type World } from "./processes-world.ts";

let w: World;

redis.describe("kill -9 of the process preparing a report", () => {
  beforeAll(async () => {
    w = await startWorld({
      // Each report state lasts 3 s: the report is still at Ozon when its runner dies.
      sandbox: { reportStepMs: 3_000 },
      performance: true,
      env: { REPORT_POLL_SECONDS: "0.3" },
    });
  }, 60_000);
  afterAll(() => w?.close());

  const holderPid = async (key: string) =>
    Number(
      String(await w.redis.get(`${w.prefix}${key}`))
        .replaceAll('"', "")
        .split("|")[1],
    );
  const documents = () =>
    w.fake.calls.filter(
      (c) => c.method === "sendDocument" && Number(c.payload.chat_id) === ADMIN.id,
    );

  it("the other process takes the job over and delivers the file once", async () => {
    const account = w.sandbox.credentials.performanceClientId;
    const campaign = w.sandbox.control.campaigns()[0];
    if (!campaign) throw new Error("the sandbox has no campaign");
    await w.hooks.deliver(command("report", { from: ADMIN }));
    // The dialog's steps, each answered by its button, whichever process gets the tap.
    for (const label of [campaign.title, /^Yesterday$/, /✅ Create/]) {
      const screen = await w.screenWith(label);
      await w.hooks.deliver(w.tap(screen, label));
    }

    // Ozon has the report (submitted) and is preparing it.
    await waitFor(() => w.sandbox.control.reports().length === 1, {
      timeoutMs: 15_000,
      message: "the report submitted to Ozon",
    });
    const lease = `lease:report-runner:${account}`;
    const pid = await holderPid(lease);
    const victim = w.processes.find((p) => p.run.child.pid === pid);
    const survivor = w.processes.find((p) => p.run.child.pid !== pid);
    if (!victim || !survivor) throw new Error(`no process holds ${lease} (${pid})`);
    victim.run.child.kill("SIGKILL");
    await victim.run.exit;
    const killedAt = Date.now();

    await waitFor(async () => (await holderPid(lease)) === survivor.run.child.pid, {
      timeoutMs: 15_000,
      message: "the survivor holding the report runner",
    });
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await waitFor(() => documents().length > 0, {
      timeoutMs: 30_000,
      message: "the report file",
    });
    // The victim died with the report still at Ozon and sent nothing; the survivor sent it once.
    expect(documents()).toHaveLength(1);
    expect(w.sandbox.control.reports()).toHaveLength(1);
  }, 120_000);
});
