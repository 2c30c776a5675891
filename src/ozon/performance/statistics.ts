/** The statistics namespace: submit a report request, poll it, download the file. */
import { OzonInputError, OzonShapeError } from "../errors.ts";
import type { OzonHttp } from "../http.ts";
import {
  reportDownload,
  reportStatus,
  submitAttribution,
  submitCampaigns,
  submitPhrases,
} from "./endpoints/statistics.ts";
import type { ReportFile, ReportStatus, StatisticsRequest } from "./types.ts";

const MAX_CAMPAIGNS = 10;

const idsOf = (values: readonly (string | number)[]) => values.map((v) => String(v).trim());

function startsWithZipMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function createStatisticsApi(http: OzonHttp) {
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

    /** The finished report: CSV for one campaign, ZIP of CSVs for several, told by Content-Type. */
    async download(uuid: string): Promise<ReportFile> {
      const answer = await http.call(reportDownload, { params: { uuid } });
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
