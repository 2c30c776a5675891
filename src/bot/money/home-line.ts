/**
 * The manager's money line on Home: yesterday's net (what Ozon accrued less the ads) and the ad
 * spend over every store the person reaches, through /money's reader, so a Home opened by many
 * costs the Ozon calls of one /money a minute. Stores Ozon did not answer for (or answered only
 * with its half-month statement) are left out, and the line says so; none answered: no line.
 * Tests: none directly (reached through test/bot/money/world.ts, test/bot/postings/find/harness.ts)
 */
import type { Person } from "../../services/access/index.ts";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import type { MoneyReader } from "../../services/money/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { moneyShopOf } from "./screen.ts";

export function yesterdayMoney(reader: MoneyReader, shops: ShopRegistry) {
  return async (
    person: Person,
  ): Promise<
    { netKopecks: bigint; adsKopecks: bigint | undefined; read: number; of: number } | undefined
  > => {
    const mine = shopsInScope(person, "manager", shops.all()).filter((s) => s.seller);
    const read = await Promise.all(
      mine.map((shop) => reader.read(moneyShopOf(shop), "d").catch(() => undefined)),
    );
    let netKopecks = 0n;
    let adsKopecks: bigint | undefined;
    let counted = 0;
    for (const figures of read) {
      // The half-month statement standing in is not yesterday: left out like a failure.
      if (figures?.source !== "balance") continue;
      counted += 1;
      netKopecks += figures.netKopecks;
      if (figures.adsKopecks !== undefined) adsKopecks = (adsKopecks ?? 0n) + figures.adsKopecks;
    }
    return counted > 0 ? { netKopecks, adsKopecks, read: counted, of: mine.length } : undefined;
  };
}
