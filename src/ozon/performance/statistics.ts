/**
 * The statistics namespace: submit a report request, poll it, download the file.
 * Tests: test/ozon/performance/client.test.ts
 */
import { OzonInputError, OzonShapeError } from "../errors.ts";
import type { OzonHttp } from "../http.ts";
import {
  reportDownload,
  reportList,
  reportStatus,
  submitAttribution,
  submitCampaigns,
  submitPhrases,
} from "./endpoints/statistics.ts";
import type {
  ReportFile,
  ReportRequestInfo,
  ReportStatus,
  StatisticsKind,
  StatisticsRequest,
} from "./types.ts";

const MAX_CAMPAIGNS = 10;

/**
 * A report file is read this far at most: twice Telegram's 50 MB upload limit (a local Bot API
 * server takes more), and thousands of times a report of 10 campaigns × 62 days (some 30 KB).
 * A larger file is given up unread (OzonFileTooLargeError): a broken or hostile answer cannot
 * fill memory.
 */
export const MAX_REPORT_BYTES = 100 * 1024 * 1024;

export interface StatisticsApiOptions {
  /** Bytes of a report file read at most (MAX_REPORT_BYTES). */
  maxReportBytes?: number;
}

const idsOf = (values: readonly (string | number)[]) => values.map((v) => String(v).trim());

/** Ozon's report kinds (the list's `kind`) in our words. */
const KINDS: Record<string, StatisticsKind> = {
  STATS: "campaigns",
  SEARCH_PHRASES: "phrases",
  ATTRIBUTION: "attribution",
};

/** The date part of YYYY-MM-DD or an RFC 3339 time. */
const dayOf = (value: string | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(value ?? "")?.[0];

function startsWithZipMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function createStatisticsApi(http: OzonHttp, options: StatisticsApiOptions = {}) {
  const maxReportBytes = options.maxReportBytes ?? MAX_REPORT_BYTES;
  return {
    /**
     * Queues a report and returns its UUID. A 429 here means the queue is busy
     * (the live service runs one job per account): the OzonRateLimitError says to retry later.
     */
    async submit(request: StatisticsRequest): Promise<string> {
      const campaigns = idsOf(request.campaigns);
      if (campaigns.length === 0 || campaigns.length > MAX_CAMPAIGNS) {
        throw new OzonInputError("campaigns", `give 1 to ${MAX_CAMPAIGNS} campaigns`);
      }
      const period = { campaigns, dateFrom: request.dateFrom, dateTo: request.dateTo };
      const groupBy = request.groupBy ? { groupBy: request.groupBy } : {};
      switch (request.kind) {
        case "campaigns":
          return http.call(submitCampaigns, { body: { ...period, ...groupBy } });
        case "phrases": {
          const objects = idsOf(request.objects ?? []);
          if (objects.length === 0)
            throw new OzonInputError("objects", "phrases need advertised objects");
          return http.call(submitPhrases, { body: { ...period, ...groupBy, objects } });
        }
        case "attribution":
          return http.call(submitAttribution, {
            body: {
              ...period,
              ...groupBy,
              ...(request.attributionDays !== undefined
                ? { attributionDays: request.attributionDays }
                : {}),
            },
          });
        default:
          throw new OzonInputError("kind", "must be campaigns, phrases or attribution");
      }
    },

    async status(uuid: string): Promise<ReportStatus> {
      const answer = await http.call(reportStatus, { params: { uuid } });
      return {
        uuid: answer.UUID ?? answer.uuid ?? uuid,
        state: answer.state,
        error: answer.error,
        link: answer.link,
        createdAt: answer.createdAt,
        updatedAt: answer.updatedAt,
      };
    },

    /**
     * One page (from 1) of the report requests made through the API, as Ozon lists them; a request
     * without an id is left out.
     */
    async list(page: { page: number; pageSize: number }): Promise<ReportRequestInfo[]> {
      const answer = await http.call(reportList, { params: page });
      return (answer.items ?? []).flatMap((item): ReportRequestInfo[] => {
        const meta = item.meta;
        const uuid = meta?.UUID ?? meta?.uuid;
        if (!uuid) return [];
        const request = meta?.request;
        const createdAt = Date.parse(meta?.createdAt ?? "");
        return [
          {
            uuid,
            state: meta?.state,
            createdAt: Number.isFinite(createdAt) ? createdAt : undefined,
            kind: KINDS[meta?.kind ?? "STATS"],
            campaigns: request?.campaigns ?? item.campaigns?.map((c) => c.id) ?? [],
            dateFrom: dayOf(request?.dateFrom ?? request?.from),
            dateTo: dayOf(request?.dateTo ?? request?.to),
          },
        ];
      });
    },

    /**
     * The finished report: CSV for one campaign, ZIP of CSVs for several, told by Content-Type.
     * A file over `maxReportBytes` ends in OzonFileTooLargeError, whoever asks again.
     */
    async download(uuid: string): Promise<ReportFile> {
      const answer = await http.call(reportDownload, {
        params: { uuid },
        maxBytes: maxReportBytes,
      });
      const type = answer.contentType.toLowerCase();
      if (type.includes("zip") || startsWithZipMagic(answer.bytes)) {
        return { format: "zip", bytes: answer.bytes };
      }
      if (
        type === "" ||
        type.includes("csv") ||
        type.startsWith("text/") ||
        type.includes("octet-stream")
      ) {
        return { format: "csv", bytes: answer.bytes };
      }
      throw new OzonShapeError({
        service: "performance",
        method: reportDownload.method,
        path: "/api/client/statistics/report",
        field: "content-type",
        problems: [`content-type: expected CSV or ZIP, got ${answer.contentType}`],
      });
    },
  };
}

export type StatisticsApi = ReturnType<typeof createStatisticsApi>;
