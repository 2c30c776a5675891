/** Report files in Ozon's format for the chart and workbook tests, and a PNG header reader. */
import { zipSync } from "fflate";

const DAY_MS = 86_400_000;

export function days(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * DAY_MS).toISOString().slice(0, 10),
  );
}

const ru = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const comma = (value: number) => value.toFixed(2).replace(".", ",");

export interface DayFigures {
  spend: number;
  orders: number;
  clicks: number;
}

/** A campaign's CSV with a row per day, a `Всего` line (or none), BOM and title. */
export function campaignCsv(
  id: string,
  dates: string[],
  figures: (day: number) => DayFigures,
  options: { total?: boolean } = {},
): Uint8Array {
  const rows = dates.map((date, i) => {
    const f = figures(i);
    return `${ru(date)};${f.clicks * 40};${f.clicks};2,50;${comma(f.spend)};${f.orders};${comma(f.orders * 1000)}`;
  });
  const sum = dates
    .map((_, i) => figures(i))
    .reduce(
      (s, f) => ({
        spend: s.spend + f.spend,
        orders: s.orders + f.orders,
        clicks: s.clicks + f.clicks,
      }),
      { spend: 0, orders: 0, clicks: 0 },
    );
  const lines = [
    `\uFEFF;Кампания по продвижению товаров № ${id}, период ${ru(dates[0] ?? "")}-${ru(dates.at(-1) ?? "")}`,
    "Дата;Показы;Клики;CTR (%);Расход, ₽, с НДС;Заказы;Выручка, ₽",
    ...rows,
    ...(options.total === false
      ? []
      : [
          `Всего;${sum.clicks * 40};${sum.clicks};2,50;${comma(sum.spend)};${sum.orders};${comma(sum.orders * 1000)}`,
        ]),
  ];
  return new TextEncoder().encode(lines.join("\n"));
}

/** A ZIP of `count` campaigns' CSVs (ids 1001…), as Ozon sends for several campaigns. */
export function campaignsZip(
  count: number,
  dates: string[],
  figures: (campaign: number, day: number) => DayFigures,
): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let c = 0; c < count; c++) {
    files[`${1001 + c}.csv`] = campaignCsv(String(1001 + c), dates, (d) => figures(c, d));
  }
  return zipSync(files);
}

/** Width and height from a PNG's IHDR, after checking the signature. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => png[i] === b)) throw new Error("not a PNG signature");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const type = new TextDecoder().decode(png.subarray(12, 16));
  if (type !== "IHDR") throw new Error(`first chunk is ${type}, not IHDR`);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
