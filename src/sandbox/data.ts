/** Tests: none directly */
import type { Random } from "./random.ts";
import type {
  AdvObjectType,
  Campaign,
  ExemplarNeeds,
  Product,
  SandboxSettings,
  SandboxState,
} from "./state.ts";
import { buildWarehouses } from "./warehouse-data.ts";

/**
 * Realistic, seed-determined data. Names and texts are fixed lists; numbers (SKUs, ids, posting
 * numbers) come from the seeded stream, so the same seed always gives the same shop.
 */

interface CatalogueEntry {
  name: string;
  offerId: string;
  category: string;
  rubles: number;
  markRequired: boolean;
  weightGrams: number;
  needs?: ExemplarNeeds;
}

/**
 * Categories under compulsory "Честный знак" marking (shoes, clothing, perfume, bottled water)
 * need a mandatory mark per unit; everything else does not.
 */
export const MARKED_CATEGORIES: ReadonlySet<string> = new Set([
  "Обувь",
  "Одежда",
  "Парфюмерия",
  "Вода",
]);

/** Nothing beyond a mark: what a product needs unless the catalogue or a seed says more. */
export const NO_NEEDS: ExemplarNeeds = {
  gtd: false,
  rnpt: false,
  imei: false,
  jwUin: false,
  weight: null,
};

/**
 * Beyond marks, a few products need more at packing (seeded, not random): imported headphones
 * their customs declaration (GTD), the charger its GTD and batch number (RNPT, traceable goods),
 * coffee sold by weight its actual weight.
 */
const EXTRA_NEEDS: Readonly<Record<string, Partial<ExemplarNeeds>>> = {
  "TWS-ANC-PRO-BLK": { gtd: true },
  "CHG-GAN-65W": { gtd: true, rnpt: true },
  "CFE-ARB-1KG": { weight: { min: 0.95, max: 1.05 } },
};

const CATALOGUE: readonly CatalogueEntry[] = [
  e("Кроссовки мужские беговые Nimbus, чёрные, 43", "SNK-NIMBUS-43-BLK", "Обувь", 5490, 820),
  e("Футболка женская хлопковая оверсайз, белая, M", "TSH-OVS-W-M-WHT", "Одежда", 1290, 210),
  e("Туалетная вода Ocean Breeze, 50 мл", "EDT-OCEAN-50", "Парфюмерия", 2890, 240),
  e("Чайник электрический стеклянный 1,7 л с подсветкой", "KTL-GLS-17-LED", "Кухня", 2190, 1350),
  e("Набор кастрюль из нержавеющей стали, 6 предметов", "POT-SET-6-INOX", "Кухня", 6990, 4200),
  e("Наушники беспроводные TWS с шумоподавлением", "TWS-ANC-PRO-BLK", "Электроника", 3490, 160),
  e("Внешний аккумулятор 20000 мА·ч с быстрой зарядкой", "PWB-20000-QC", "Электроника", 1990, 420),
  e("Коврик для йоги нескользящий 183×61 см", "YOGA-MAT-183-PRP", "Спорт", 1490, 1100),
  e("Конструктор «Городская пожарная часть», 520 деталей", "TOY-FIRE-520", "Игрушки", 3990, 900),
  e("Подушка ортопедическая с эффектом памяти", "PLW-MEMO-60x40", "Дом", 2490, 1300),
  e("Кофе в зёрнах арабика 100%, 1 кг", "CFE-ARB-1KG", "Продукты", 1590, 1030),
  e("Термокружка из нержавеющей стали 450 мл", "TMG-450-STL", "Кухня", 990, 350),
  e("Светодиодная лента RGB 5 м с пультом", "LED-RGB-5M", "Электроника", 790, 280),
  e("Шампунь восстанавливающий для сухих волос, 400 мл", "SHMP-REP-400", "Красота", 549, 450),
  e("Рюкзак городской водоотталкивающий, 25 л", "BPK-CITY-25-GRY", "Аксессуары", 2790, 700),
  e("Пижама детская трикотажная, рост 116", "PJM-KID-116-BLU", "Одежда", 1190, 260),
  e("Ботинки женские зимние на меху, 38", "BTS-WNT-W-38-BRN", "Обувь", 6490, 1400),
  e("Органайзер для косметики акриловый", "ORG-ACR-3TIER", "Дом", 890, 600),
  e("Вода питьевая «Горный источник», 6 × 1,5 л", "WTR-MNT-6x15", "Вода", 349, 9200),
  e("Зарядное устройство USB-C 65 Вт GaN", "CHG-GAN-65W", "Электроника", 2290, 130),
];

function e(
  name: string,
  offerId: string,
  category: string,
  rubles: number,
  weightGrams: number,
): CatalogueEntry {
  const extra = EXTRA_NEEDS[offerId];
  return {
    name,
    offerId,
    category,
    rubles,
    markRequired: MARKED_CATEGORIES.has(category),
    weightGrams,
    ...(extra ? { needs: { ...NO_NEEDS, ...extra } } : {}),
  };
}

/** "1290.00": rubles with kopecks, as the Seller API writes prices. */
export function priceString(rubles: number): string {
  return rubles.toFixed(2);
}

export function buildProducts(random: Random): Product[] {
  const usedSkus = new Set<number>();
  return CATALOGUE.map((entry) => {
    let sku = random.int(140_000_000, 1_999_999_999);
    while (usedSkus.has(sku)) sku += 1;
    usedSkus.add(sku);
    const side = random.int(80, 400);
    return {
      sku,
      productId: random.int(100_000_000, 999_999_999),
      offerId: entry.offerId,
      name: entry.name,
      price: priceString(entry.rubles),
      oldPrice: priceString(Math.round(entry.rubles * 1.25)),
      markRequired: entry.markRequired,
      ...(entry.needs ? { needs: entry.needs } : {}),
      category: entry.category,
      weightGrams: entry.weightGrams,
      dimensionsMm: { height: Math.round(side / 2), length: side, width: Math.round(side * 0.7) },
    };
  });
}

export const CITIES: ReadonlyArray<{ city: string; region: string }> = [
  { city: "Москва", region: "Москва" },
  { city: "Санкт-Петербург", region: "Санкт-Петербург" },
  { city: "Казань", region: "Республика Татарстан" },
  { city: "Новосибирск", region: "Новосибирская область" },
  { city: "Екатеринбург", region: "Свердловская область" },
  { city: "Нижний Новгород", region: "Нижегородская область" },
  { city: "Краснодар", region: "Краснодарский край" },
  { city: "Самара", region: "Самарская область" },
  { city: "Воронеж", region: "Воронежская область" },
  { city: "Химки", region: "Московская область" },
];

export const DELIVERY_TYPES = ["Courier", "PVZ", "Postamat"] as const;
export const PAYMENT_TYPES = ["Карты оплаты", "Оплата при получении", "Ozon Карта", "СБП"] as const;

export const BUYER_TEXTS: readonly string[] = [
  "Здравствуйте! Подскажите, когда отправите заказ?",
  "Добрый день. Размер соответствует таблице на странице товара?",
  "Можно ли изменить адрес доставки? Я переезжаю на этой неделе.",
  "Здравствуйте, товар пришёл с повреждённой упаковкой. Что делать?",
  "Подскажите, пожалуйста, есть ли у вас этот товар в другом цвете?",
  "Спасибо, всё получила, очень довольна!",
  "Добрый вечер! Заказ всё ещё в статусе «ожидает сборки», всё в порядке?",
  "А гарантия на товар есть? Сколько месяцев?",
  "Можно положить в посылку чек? Нужен для отчёта на работе.",
  "Здравствуйте. Пришёл не тот размер, как оформить обмен?",
  "Подскажите, оригинал или реплика? Хочу подарить.",
  "Когда будет поступление? Хочу заказать ещё две штуки.",
];

export const SELLER_TEXTS: readonly string[] = [
  "Здравствуйте! Заказ соберём и передадим в доставку сегодня.",
  "Добрый день! Да, размер соответствует таблице.",
  "Приносим извинения. Пришлите, пожалуйста, фото упаковки и товара.",
  "Спасибо за отзыв! Будем рады видеть вас снова.",
  "Гарантия 12 месяцев, гарантийный талон вложен в коробку.",
];

export const CRM_TEXTS: readonly string[] = [
  "Покупатель оформил заказ. Чат создан автоматически.",
  "Сообщение скрыто: в нём были контактные данные.",
  "Заказ передан в службу доставки.",
];

export const SUPPORT_TEXTS: readonly string[] = [
  "Здравствуйте! Ваше обращение зарегистрировано, ответим в течение 24 часов.",
  "Мы проверили информацию: компенсация будет начислена в ближайшем отчёте.",
];

export const ATTACHMENT_NAMES = {
  image: ["photo_упаковка.png", "IMG_2048.png", "фото_товара.png"],
  file: ["Акт о повреждении.pdf", "чек_оплаты.pdf", "Заявление на возврат.pdf"],
} as const;

interface CampaignTemplate {
  title: string;
  advObjectType: AdvObjectType;
  state: string;
  paymentType: Campaign["paymentType"];
  placement: string;
  /** Roubles a day, or a week for `weekly` campaigns. */
  budgetRubles: number;
  budgetKind: "daily" | "weekly";
  /** Days from today to the start (negative: started before) and its length; null: unlimited. */
  period: [number, number] | null;
  /** productAutopilotStrategy (default NO_AUTO_STRATEGY: bids set by hand). */
  strategy?: string;
}

const CAMPAIGN_TEMPLATES: readonly CampaignTemplate[] = [
  t(
    "Кроссовки и ботинки — поиск",
    "SKU",
    "CAMPAIGN_STATE_RUNNING",
    "CPC",
    "PLACEMENT_SEARCH_AND_CATEGORY",
    1500,
    null,
  ),
  // Pay-per-click campaigns are now mostly weekly (reference: "weekly or daily budgets").
  t(
    "Одежда весна-лето",
    "SKU",
    "CAMPAIGN_STATE_INACTIVE",
    "CPC",
    "PLACEMENT_PDP",
    4900,
    [-40, 90],
    "weekly",
  ),
  t(
    "Баннер на главной — распродажа",
    "BANNER",
    "CAMPAIGN_STATE_RUNNING",
    "CPM",
    "PLACEMENT_TOP_PROMOTION",
    5000,
    [-10, 30],
  ),
  t(
    "Оплата за заказ — весь ассортимент",
    "SEARCH_PROMO",
    "CAMPAIGN_STATE_RUNNING",
    "CPO",
    "PLACEMENT_SEARCH_AND_CATEGORY",
    0,
    null,
  ),
  {
    ...t(
      "Новинки для кухни",
      "SKU",
      "CAMPAIGN_STATE_PLANNED",
      "CPC",
      "PLACEMENT_PDP",
      1000,
      [5, 30],
    ),
    // Ozon sets the bids of an auto strategy itself: PUT …/products is refused for it.
    strategy: "TOP_MAX_CLICKS",
  },
  t(
    "Новогодняя кампания",
    "SKU",
    "CAMPAIGN_STATE_ARCHIVED",
    "CPC",
    "PLACEMENT_SEARCH_AND_CATEGORY",
    2000,
    [-160, 20],
  ),
  t(
    "Электроника — карточка товара",
    "SKU",
    "CAMPAIGN_STATE_MODERATION_FAILED",
    "CPC",
    "PLACEMENT_PDP",
    800,
    null,
  ),
  t(
    "Детские товары",
    "SKU",
    "CAMPAIGN_STATE_STOPPED",
    "CPC",
    "PLACEMENT_SEARCH_AND_CATEGORY",
    3500,
    [-30, 25],
    "weekly",
  ),
];

function t(
  title: string,
  advObjectType: AdvObjectType,
  state: string,
  paymentType: Campaign["paymentType"],
  placement: string,
  budgetRubles: number,
  period: [number, number] | null,
  budgetKind: "daily" | "weekly" = "daily",
): CampaignTemplate {
  return { title, advObjectType, state, paymentType, placement, budgetRubles, budgetKind, period };
}

export const RUB = 1_000_000;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function buildCampaigns(random: Random, products: Product[], now: number): Campaign[] {
  const day = 86_400_000;
  let id = random.int(10_000_000, 19_000_000);
  return CAMPAIGN_TEMPLATES.map((tpl, index) => {
    id += random.int(1, 40_000);
    const objects =
      tpl.advObjectType === "BANNER"
        ? [String(random.int(1_000_000, 1_999_999)), String(random.int(2_000_000, 2_999_999))]
        : pickDistinct(random, products, random.int(2, 5)).map((p) => String(p.sku));
    const createdAt = now - random.int(30, 300) * day;
    return {
      id: String(id),
      title: tpl.title,
      state: tpl.state,
      advObjectType: tpl.advObjectType,
      paymentType: tpl.paymentType,
      placement: tpl.placement,
      fromDate: tpl.period ? isoDate(now + tpl.period[0] * day) : "",
      toDate: tpl.period ? isoDate(now + (tpl.period[0] + tpl.period[1]) * day) : "",
      budgetKind: tpl.budgetKind,
      dailyBudget: tpl.budgetKind === "daily" ? tpl.budgetRubles * RUB : 0,
      weeklyBudget: tpl.budgetKind === "weekly" ? tpl.budgetRubles * RUB : 0,
      budget: 0,
      createdAt,
      updatedAt: createdAt + random.int(1, 20) * day,
      objects,
      hasCorrection: index === 0,
      strategy: tpl.strategy ?? "NO_AUTO_STRATEGY",
      bids: startingBids(tpl, objects),
    };
  });
}

/**
 * Bids of manual pay-per-click product campaigns: 5–29 ₽ a click and some kopecks, from the SKU
 * (no draw from the seeded sequence, so the rest of the data stays as it was).
 */
function startingBids(tpl: CampaignTemplate, objects: readonly string[]): Record<string, number> {
  if (tpl.advObjectType !== "SKU" || tpl.paymentType !== "CPC" || tpl.strategy) return {};
  return Object.fromEntries(
    objects.map((sku) => [sku, (5 + (Number(sku) % 25)) * RUB + (Number(sku) % 10) * 100_000]),
  );
}

export function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    picked.push(pool.splice(random.int(0, pool.length - 1), 1)[0] as T);
  }
  return picked;
}

/** Message ids of different stores never meet (Ozon's are unique across accounts). */
export const STORE_MESSAGE_ID_SPACING = 10_000_000_000_000_000n;

/** The starting state: catalogue, warehouses and campaigns; postings and chats come after. */
export function createState(
  settings: SandboxSettings,
  random: Random,
  now: () => number,
  storeIndex = 0,
): SandboxState {
  const products = buildProducts(random);
  const { warehouses, deliveryMethods } = buildWarehouses(random, storeIndex);
  const campaigns = buildCampaigns(random, products, now());
  return {
    settings,
    random,
    activity: random.fork("activity"),
    baseUrl: "",
    sellerUserId: random.digits(7),
    products,
    warehouses,
    deliveryMethods,
    postings: new Map(),
    orderNumbers: new Set(),
    postingSeq: 0,
    chats: new Map(),
    chatSeq: 0,
    nextMessageId:
      3_000_000_000_817_031_942n +
      BigInt(random.int(0, 9_999)) * 1_000n +
      BigInt(storeIndex) * STORE_MESSAGE_ID_SPACING,
    files: new Map(),
    campaigns: new Map(campaigns.map((c) => [c.id, c])),
    reports: new Map(),
    failNextReportText: undefined,
    tokens: new Map(),
    chatPremium: true,
    questions: [],
    reviews: [],
    premiumPlus: true,
    retireMode: false,
    exemplarDesk: { seq: 0, usedMarks: new Set(), checkPolls: 1 },
    now,
  };
}
