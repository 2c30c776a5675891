/**
 * Statistics: submit (campaigns, phrases, attribution), status, report download, list.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { idString, optionalText, rawAnswer } from "../../wire.ts";

const day = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/,
    "expected YYYY-MM-DD or an RFC 3339 time",
  );
const ids = z.array(z.string().regex(/^\d+$/, "expected a numeric id"));
const groupBy = z.enum(["DATE", "START_OF_WEEK", "START_OF_MONTH"]);

/** The id of a report request; the live service spells the key `UUID`. */
const submitted = z
  .object({ uuid: optionalText, UUID: optionalText })
  .superRefine((answer, ctx) => {
    if (!answer.uuid && !answer.UUID) {
      ctx.addIssue({ code: "custom", path: ["UUID"], message: "expected string, got nothing" });
    }
  })
  .transform((answer) => answer.UUID ?? answer.uuid ?? "");

// A repeated submit would queue a second job (and the queue holds one to three), so never repeat it.
export const submitCampaigns = endpoint({
  method: "POST",
  path: "/api/client/statistics",
  request: z.object({
    campaigns: ids.min(1).max(10),
    dateFrom: day,
    dateTo: day,
    groupBy: groupBy.optional(),
  }),
  response: submitted,
  safe: false,
  busyOn429: true,
});

export const submitPhrases = endpoint({
  method: "POST",
  path: "/api/client/statistics/phrases",
  request: z.object({
    campaigns: ids.min(1).max(10),
    dateFrom: day,
    dateTo: day,
    objects: ids.min(1),
    groupBy: groupBy.optional(),
  }),
  response: submitted,
  safe: false,
  busyOn429: true,
});

export const submitAttribution = endpoint({
  method: "POST",
  path: "/api/client/statistics/attribution",
  request: z.object({
    campaigns: ids.min(1).max(10),
    dateFrom: day,
    dateTo: day,
    groupBy: groupBy.optional(),
    attributionDays: z.number().int().min(1).optional(),
  }),
  response: submitted,
  safe: false,
  busyOn429: true,
});

export const reportStatus = endpoint({
  method: "GET",
  path: "/api/client/statistics/{uuid}",
  subject: "report",
  response: z.object({
    uuid: optionalText,
    UUID: optionalText,
    state: z.enum(["NOT_STARTED", "IN_PROGRESS", "ERROR", "OK"]),
    error: optionalText,
    link: optionalText,
    createdAt: optionalText,
    updatedAt: optionalText,
  }),
  safe: true,
});

export const reportDownload = endpoint({
  method: "GET",
  path: "/api/client/statistics/report?UUID={uuid}",
  subject: "report",
  response: rawAnswer,
  safe: true,
  raw: "bytes",
});

/**
 * Report requests made through the API (Ozon's `externallist`; `list` holds only those made in
 * the cabinet), a page at a time. Used to find a request whose id a crash kept from the store.
 */
export const reportList = endpoint({
  method: "GET",
  path: "/api/client/statistics/externallist?page={page}&pageSize={pageSize}",
  response: z.object({
    items: z
      .array(
        z.object({
          meta: z
            .object({
              UUID: optionalText,
              uuid: optionalText,
              state: optionalText,
              createdAt: optionalText,
              kind: optionalText,
              request: z
                .object({
                  campaigns: z.array(idString).nullish(),
                  dateFrom: optionalText,
                  dateTo: optionalText,
                  from: optionalText,
                  to: optionalText,
                })
                .nullish(),
            })
            .nullish(),
          campaigns: z.array(z.object({ id: idString })).nullish(),
        }),
      )
      .nullish(),
  }),
  safe: true,
});
