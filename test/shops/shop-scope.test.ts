import { describe, expect, it } from "vitest";
import { reachesShop, shopsInScope } from "../../src/services/access/shop-scope.ts";

const shops = [{ id: "111" }, { id: "222" }, { id: "333" }];

describe("shopsInScope", () => {
  it("covers every shop by default, only the named ones when limited, all for an admin", () => {
    expect(shopsInScope({ roles: ["warehouse"] }, "warehouse", shops)).toEqual(shops);
    const limited = { roles: ["warehouse", "seller"] as const, shops: { warehouse: ["222"] } };
    const person = { roles: [...limited.roles], shops: limited.shops };
    expect(shopsInScope(person, "warehouse", shops)).toEqual([{ id: "222" }]);
    expect(shopsInScope(person, "seller", shops)).toEqual(shops);
    expect(shopsInScope(person, "manager", shops)).toEqual([]);
    expect(shopsInScope({ roles: ["admin"], shops: { admin: [] } }, "manager", shops)).toEqual(
      shops,
    );
    expect(shopsInScope(undefined, "seller", shops)).toEqual([]);
    expect(reachesShop(person, "warehouse", "111")).toBe(false);
    expect(reachesShop(person, "warehouse", "222")).toBe(true);
  });
});
