/**
 * The manager's money line on Home: yesterday's net (what Ozon accrued less the ads) and the ad
 * spend over every store the person reaches, through /money's reader, so a Home opened by many
 * costs the Ozon calls of one /money a minute. Stores Ozon did not answer for are left out; none
 * answered: no line.
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
  ): Promise<{ netKopecks: bigint; adsKopecks: bigint | undefined } | undefined> => {
    const mine = shopsInScope(person, "manager", shops.all()).filter((s) => s.seller);
    const read = await Promise.all(
      mine.map((shop) => reader.read(moneyShopOf(shop), "d").catch(() => undefined)),
    );
    let netKopecks = 0n;
    let adsKopecks: bigint | undefined;
    let any = false;
    for (const figures of read) {
      if (!figures) continue;
      any = true;
      netKopecks += figures.netKopecks;
      if (figures.adsKopecks !== undefined) adsKopecks = (adsKopecks ?? 0n) + figures.adsKopecks;
    }
    return any ? { netKopecks, adsKopecks } : undefined;
  };
}
