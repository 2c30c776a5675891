/**
 * The warehouses a simulated store ships from, with two delivery methods each.
 * Tests: none directly
 */
import type { Random } from "./random.ts";
import type { DeliveryMethod, Warehouse } from "./state.ts";

type WarehouseTemplate = { name: string; city: string; isRfbs: boolean };

const WAREHOUSES: readonly WarehouseTemplate[] = [
  { name: "Склад Подольск (Москва)", city: "Подольск", isRfbs: false },
  { name: "Склад Шушары (Санкт-Петербург)", city: "Санкт-Петербург", isRfbs: false },
  { name: "Склад Екатеринбург, Кольцовский тракт", city: "Екатеринбург", isRfbs: true },
];

/** Where the other simulated stores ship from, so each store's warehouses differ from store 1's. */
const OTHER_WAREHOUSES: readonly WarehouseTemplate[] = [
  { name: "Склад Казань, Константиновка", city: "Казань", isRfbs: false },
  { name: "Склад Новосибирск, Толмачёво", city: "Новосибирск", isRfbs: true },
  { name: "Склад Краснодар, Знаменский", city: "Краснодар", isRfbs: false },
  { name: "Склад Ростов-на-Дону, Аксай", city: "Ростов-на-Дону", isRfbs: true },
  { name: "Склад Хоругвино (Москва)", city: "Солнечногорск", isRfbs: false },
];

/** Store 1 (index 0) ships from the original three; store k from two of the others and one of them. */
function warehousesOf(storeIndex: number): readonly WarehouseTemplate[] {
  if (storeIndex === 0) return WAREHOUSES;
  const n = OTHER_WAREHOUSES.length;
  return [
    OTHER_WAREHOUSES[(storeIndex - 1) % n],
    OTHER_WAREHOUSES[storeIndex % n],
    WAREHOUSES[storeIndex % WAREHOUSES.length],
  ] as WarehouseTemplate[];
}

export function buildWarehouses(
  random: Random,
  storeIndex = 0,
): {
  warehouses: Warehouse[];
  deliveryMethods: DeliveryMethod[];
} {
  const warehouses: Warehouse[] = [];
  const deliveryMethods: DeliveryMethod[] = [];
  for (const w of warehousesOf(storeIndex)) {
    // Ozon warehouse ids are 16-digit numbers that still fit a double exactly.
    const id = 1_020_000_000_000_000 + random.int(1, 99_999) * 1000;
    warehouses.push({ id, name: w.name, city: w.city, isRfbs: w.isRfbs });
    if (w.isRfbs) {
      deliveryMethods.push({
        id: id + 1,
        name: `Доставка продавца курьером, ${w.city}`,
        warehouseId: id,
        tplProvider: "Собственная доставка",
        tplProviderId: 0,
      });
      deliveryMethods.push({
        id: id + 2,
        name: `СДЭК до пункта выдачи, ${w.city}`,
        warehouseId: id,
        tplProvider: "СДЭК",
        tplProviderId: 1012,
      });
    } else {
      deliveryMethods.push({
        id: id + 1,
        name: `Ozon Логистика курьеру Ozon, ${w.city}`,
        warehouseId: id,
        tplProvider: "Ozon Логистика",
        tplProviderId: 24,
      });
      deliveryMethods.push({
        id: id + 2,
        name: `Ozon Логистика самостоятельно, ${w.city}`,
        warehouseId: id,
        tplProvider: "Ozon Логистика",
        tplProviderId: 24,
      });
    }
  }
  return { warehouses, deliveryMethods };
}
