/** Tests: none directly */
import { strToU8, zipSync } from "fflate";
import { reportCsv } from "../csv.ts";
import {
  binaryReply,
  fail,
  jsonReply,
  notFound,
  performanceError,
  type SandboxRequest,
} from "../http.ts";
import type { Route } from "../route-table.ts";
import type { GroupBy, ReportJob, ReportKind, ReportState, SandboxState } from "../state.ts";

export const MAX_CAMPAIGNS_PER_REPORT = 10;
const GROUP_BY: readonly GroupBy[] = ["NO_GROUP_BY", "DATE", "START_OF_WEEK", "START_OF_MONTH"];
const DAY = 86_400_000;

/** The state of a job at this moment: it moves one step per `reportStepMs`. */
export function jobState(
  state: SandboxState,
  job: ReportJob,
): { state: ReportState; updatedAt: number } {
  const step = state.settings.reportStepMs;
  const age = state.now() - job.createdAt;
  if (age < step) return { state: "NOT_STARTED", updatedAt: job.createdAt };
  if (age < 2 * step) return { state: "IN_PROGRESS", updatedAt: job.createdAt + step };
  return { state: job.failText ? "ERROR" : "OK", updatedAt: job.createdAt + 2 * step };
}

export function activeJobs(state: SandboxState): ReportJob[] {
  return [...state.reports.values()].filter((job) => {
    const now = jobState(state, job).state;
    return now === "NOT_STARTED" || now === "IN_PROGRESS";
  });
}

const bad = (message: string): never => fail(performanceError(400, message));

function asRecord(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value))
    return bad("request body must be a JSON object");
  return value as Record<string, unknown>;
}

/** The date part of `YYYY-MM-DD` or an RFC 3339 time (taken as written, in its own offset). */
function dayOf(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const text = typeof value === "string" ? value.trim() : "";
  const day = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(text)?.[1];
  if (
    !day ||
    !Number.isFinite(Date.parse(`${day}T00:00:00Z`)) ||
    !Number.isFinite(Date.parse(text))
  ) {
    return bad(`${field} must be a date YYYY-MM-DD or an RFC 3339 time`);
  }
  return day;
}

function idList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return bad(`${field} must be an array of ids`);
  return value.map((v) => {
    const text = typeof v === "bigint" ? v.toString() : String(v).trim();
    if (!/^\d+$/.test(text)) bad(`${field} must hold integer ids`);
    return String(BigInt(text));
  });
}

function submit(state: SandboxState, req: SandboxRequest, kind: ReportKind) {
  const request = req.json();
  const body = asRecord(request);
  const campaigns = idList(body.campaigns, "campaigns");
  if (campaigns.length === 0) bad("campaigns: at least one campaign is required");
  if (campaigns.length > MAX_CAMPAIGNS_PER_REPORT) {
    bad(`campaigns: at most ${MAX_CAMPAIGNS_PER_REPORT} campaigns per report`);
  }
  for (const id of campaigns) {
    if (!state.campaigns.has(id)) bad(`campaign ${id} not found`);
  }
  const dateFrom = dayOf(body.dateFrom, "dateFrom") ?? dayOf(body.from, "from");
  const dateTo = dayOf(body.dateTo, "dateTo") ?? dayOf(body.to, "to");
  if (!dateFrom || !dateTo) return bad("dateFrom and dateTo are required");
  if (dateFrom > dateTo) bad("dateFrom is after dateTo");
  const days = (Date.parse(dateTo) - Date.parse(dateFrom)) / DAY + 1;
  const max = state.settings.maxReportPeriodDays;
  if (days > max) bad(`the report period must not exceed ${max} days`);

  let groupBy: GroupBy = "NO_GROUP_BY";
  if (kind !== "SEARCH_PHRASES" && body.groupBy !== undefined && body.groupBy !== "") {
    if (!GROUP_BY.includes(body.groupBy as GroupBy)) {
      bad("groupBy must be NO_GROUP_BY, DATE, START_OF_WEEK or START_OF_MONTH");
    }
    groupBy = body.groupBy as GroupBy;
  }
  let objects: string[] = [];
  if (kind === "SEARCH_PHRASES") {
    objects = idList(body.objects, "objects");
    if (objects.length === 0) bad("objects: at least one advertised object is required");
    const known = new Set(campaigns.flatMap((id) => state.campaigns.get(id)?.objects ?? []));
    for (const o of objects)
      if (!known.has(o)) bad(`object ${o} is not advertised in these campaigns`);
  }
  let attributionDays: number | undefined;
  if (kind === "ATTRIBUTION") {
    const raw = body.attributionDays;
    attributionDays = raw === undefined || raw === null || raw === "" ? 7 : Number(raw);
    if (!Number.isInteger(attributionDays) || attributionDays < 1 || attributionDays > 30) {
      bad("attributionDays must be an integer from 1 to 30");
    }
  }
  if (activeJobs(state).length >= state.settings.maxConcurrentReports) {
    fail(performanceError(429, "limit of active requests"));
  }
  const job: ReportJob = {
    uuid: state.activity.uuid(),
    kind,
    request,
    campaigns,
    dateFrom,
    dateTo,
    groupBy,
    attributionDays,
    objects,
    createdAt: state.now(),
  };
  if (state.failNextReportText !== undefined) {
    job.failText = state.failNextReportText;
    state.failNextReportText = undefined;
  }
  state.reports.set(job.uuid, job);
  return jsonReply({ UUID: job.uuid, vendor: false });
}

export function reportLink(job: ReportJob): string {
  return `/api/client/statistics/report?UUID=${job.uuid}`;
}

export function reportStatusJson(state: SandboxState, job: ReportJob) {
  const now = jobState(state, job);
  return {
    // The spec names the field uuid; Ozon's examples spell it UUID. Both are written.
    UUID: job.uuid,
    uuid: job.uuid,
    state: now.state,
    createdAt: new Date(job.createdAt).toISOString(),
    updatedAt: new Date(now.updatedAt).toISOString(),
    request: job.request,
    error: now.state === "ERROR" ? (job.failText ?? "") : "",
    link: now.state === "OK" ? reportLink(job) : "",
    kind: job.kind,
  };
}

/** The finished file: CSV for one campaign, a ZIP of `<campaignId>.csv` for several. */
export function reportFile(
  state: SandboxState,
  job: ReportJob,
): { contentType: string; name: string; data: Uint8Array } {
  const csvOf = (id: string): string => {
    const campaign = state.campaigns.get(id);
    if (!campaign) throw new Error(`campaign ${id} vanished`);
    return reportCsv(state, job, campaign);
  };
  if (job.campaigns.length === 1) {
    const id = job.campaigns[0] as string;
    return { contentType: "text/csv; charset=UTF-8", name: `${id}.csv`, data: strToU8(csvOf(id)) };
  }
  const files = Object.fromEntries(job.campaigns.map((id) => [`${id}.csv`, strToU8(csvOf(id))]));
  return { contentType: "application/zip", name: `${job.uuid}.zip`, data: zipSync(files) };
}

/**
 * Report requests made through the API, newest first, a page at a time (`page` from 1,
 * `pageSize` up to 1000; Ozon's OpenAPI names no limit).
 */
function reportList(state: SandboxState, req: SandboxRequest) {
  const number = (name: string, fallback: number, max: number) => {
    const raw = req.query.get(name);
    const value = raw === null || raw === "" ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > max) {
      return bad(`${name} must be an integer from 1 to ${max}`);
    }
    return value;
  };
  const page = number("page", 1, 1_000_000);
  const pageSize = number("pageSize", 100, 1000);
  const all = [...state.reports.values()].sort((a, b) => b.createdAt - a.createdAt);
  const items = all.slice((page - 1) * pageSize, page * pageSize).map((job) => ({
    meta: reportStatusJson(state, job),
    campaigns: job.campaigns.map((id) => ({ id, title: state.campaigns.get(id)?.title ?? "" })),
    name: `report ${job.uuid}`,
  }));
  return jsonReply({ items, total: String(all.length) });
}

export function statisticsRoutes(state: SandboxState): Route[] {
  const perf = { service: "performance", auth: "performance" } as const;
  const findJob = (uuid: string | null | undefined): ReportJob => {
    const job = uuid ? state.reports.get(uuid) : undefined;
    return job ?? notFound("performance", "report not found");
  };
  return [
    {
      ...perf,
      method: "POST",
      pattern: "/api/client/statistics",
      handle: (req) => submit(state, req, "STATS"),
    },
    {
      ...perf,
      method: "POST",
      pattern: "/api/client/statistics/phrases",
      handle: (req) => submit(state, req, "SEARCH_PHRASES"),
    },
    {
      ...perf,
      method: "POST",
      pattern: "/api/client/statistics/attribution",
      handle: (req) => submit(state, req, "ATTRIBUTION"),
    },
    {
      ...perf,
      method: "GET",
      pattern: "/api/client/statistics/externallist",
      handle: (req) => reportList(state, req),
    },
    {
      ...perf,
      method: "GET",
      pattern: "/api/client/statistics/report",
      handle(req) {
        const job = findJob(req.query.get("UUID") ?? req.query.get("uuid"));
        const now = jobState(state, job).state;
        if (now === "ERROR") fail(performanceError(400, job.failText || "report failed"));
        if (now !== "OK") fail(performanceError(400, "report is not ready"));
        const file = reportFile(state, job);
        return binaryReply(file.contentType, file.data, file.name);
      },
    },
    {
      ...perf,
      method: "GET",
      pattern: "/api/client/statistics/{uuid}",
      handle: (req) => jsonReply(reportStatusJson(state, findJob(req.params.uuid))),
    },
  ];
}
