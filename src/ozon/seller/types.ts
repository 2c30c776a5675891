/**
 * Our own Seller types. The client normalises every wire form (spec and successor) into these,
 * so callers never see which form Ozon answered in.
 * Tests: none directly
 */

export interface PostingProduct {
  /** Ozon SKU (also the `product_id` of the v4 ship form). */
  sku: string;
  offerId: string | undefined;
  name: string;
  quantity: number;
  /** Unit price as Ozon wrote it, a decimal string such as "1390.0000". */
  price: string;
  currency: string | undefined;
  mandatoryMarks: string[];
}

export interface Posting {
  postingNumber: string;
  orderId: string | undefined;
  orderNumber: string | undefined;
  status: string;
  substatus: string | undefined;
  /** Time by which the posting must be packed and handed over (the cut-off). */
  shipmentDate: string | undefined;
  inProcessAt: string | undefined;
  deliveryMethod:
    | {
        id: string | undefined;
        name: string | undefined;
        warehouseId: string | undefined;
        warehouse: string | undefined;
      }
    | undefined;
  products: PostingProduct[];
  /**
   * Ozon's `tpl_integration_type` when it wrote one: `non_integrated` is a delivery the seller
   * makes itself (statuses and tracking number set by hand), `ozon`, `3pl_tracking`... are not.
   */
  integration?: string | undefined;
  /** The carrier's tracking number, once one was set. */
  trackingNumber?: string | undefined;
  /** Set once it is cancelled, when Ozon says by whom (get answers it; the lists may not). */
  cancellation?: PostingCancellation | undefined;
}

export interface PostingCancellation {
  /** Ozon's `cancellation_type`: seller, client or customer, ozon, system, delivery. */
  type: string | undefined;
  /** Ozon's `cancellation_initiator` in words («Покупатель», «Продавец», «Ozon»…). */
  initiator: string | undefined;
  reason: string | undefined;
}

export interface AwaitingPackagingFilter {
  warehouseIds?: readonly (string | number)[];
  deliveryMethodIds?: readonly (string | number)[];
  /** ISO times bounding the cut-off. The v3 form needs both: a window around now is used when absent. */
  cutoffFrom?: string;
  cutoffTo?: string;
}

export interface ShipItem {
  sku: string | number;
  quantity: number;
  /** Mandatory marks (Chestny ZNAK) of this item; the v4 form does not carry them. */
  marks?: readonly string[];
}

export interface ShipPackage {
  items: readonly ShipItem[];
}

export interface ShipResult {
  /** Posting numbers Ozon returned (one per package when a posting is split). */
  postingNumbers: string[];
  /** The posting as re-read after shipping. */
  posting: Posting;
}

export interface CancelReason {
  id: number;
  title: string;
  typeId: string | undefined;
  /** False when Ozon says this reason cannot be used now. */
  available: boolean;
}

/** The codes Ozon takes per unit (`mark_type`): Chestny ZNAK, a jewellery UIN, an IMEI. */
export type MarkKind = "mandatory_mark" | "jw_uin" | "imei";

/** A product of a posting as `exemplar/create-or-get` describes it: what each unit needs, its ids. */
export interface ExemplarProduct {
  /** Ozon SKU (`product_id`). */
  sku: string;
  quantity: number;
  /** The codes each unit needs, in this order (none: no code). */
  marks: MarkKind[];
  /** The customs declaration number (GTD) is needed (or its absence said). */
  gtd: boolean;
  /** The batch registration number (RNPT) is needed (or its absence said). */
  rnpt: boolean;
  /** Each unit's actual weight is needed, in kilograms within this range (max 0: none given). */
  weight: { minKg: number; maxKg: number } | undefined;
  /** The units' ids, in unit order. */
  exemplarIds: string[];
}

/** What is sent for one unit. */
export interface ExemplarValues {
  exemplarId: string;
  marks: Array<{ kind: MarkKind; code: string }>;
  /** The GTD; null: the product has none (`is_gtd_absent`). */
  gtd?: string | null;
  /** The RNPT; null: the product has none (`is_rnpt_absent`). */
  rnpt?: string | null;
  /** The actual weight in grams (sent in kilograms). */
  weightGrams?: number;
}

export interface ExemplarProductValues {
  sku: string;
  exemplars: ExemplarValues[];
}

/** One check of Ozon's: its status (`passed`, `processing`, `failed`...) and its error codes. */
export interface ExemplarCheck {
  status: string | undefined;
  codes: string[];
}

/** What `exemplar/status` says of the values sent last. */
export interface ExemplarStatus {
  /** Over the posting: `ship_available`, `ship_not_available`, `validation_in_process`... */
  status: string | undefined;
  products: Array<{
    sku: string;
    exemplars: Array<{
      exemplarId: string;
      marks: Array<{ kind: string | undefined; code: string | undefined; check: ExemplarCheck }>;
      gtd: ExemplarCheck;
      rnpt: ExemplarCheck;
      weight: ExemplarCheck;
    }>;
  }>;
}

/** What `exemplar/validate` says of values not sent yet, per product in the order given. */
export interface ExemplarVerdict {
  sku: string;
  valid: boolean | undefined;
  /** Ozon's error over the product. */
  error: string | undefined;
  /** In the order given. */
  exemplars: Array<{
    valid: boolean | undefined;
    errors: string[];
    marks: Array<{
      kind: string | undefined;
      code: string | undefined;
      valid: boolean | undefined;
      errors: string[];
    }>;
  }>;
}

export interface MarkRequirement {
  sku: string;
  isRequired: boolean;
}

export interface MarkCheck {
  mark: string;
  valid: boolean;
  /** Ozon's own verdict text when it gave one. */
  detail: string | undefined;
}

export interface Warehouse {
  id: string;
  name: string;
  isRfbs: boolean;
  status: string | undefined;
}

export type AuthorKind = "buyer" | "seller" | "support" | "system";

export interface ChatAttachment {
  kind: "image" | "file";
  name: string;
  /** The size in Ozon's `file{}` field. */
  sizeBytes?: number;
  /**
   * The size written in a Markdown link, `[name (12 KB)](url)`: text anyone can write, shown
   * while the real size is unknown and never used to decide anything.
   */
  labelBytes?: number;
  url: string;
  mime?: string;
}

export interface ChatMessage {
  /** Exact decimal id (they exceed 2^53). */
  id: string;
  createdAt: string;
  author: { id: string; kind: AuthorKind };
  text: string;
  attachments: ChatAttachment[];
  context: { orderNumber?: string; sku?: string; postingNumber?: string };
  isRead?: boolean;
}

/** Canonical chat types; Ozon writes them as `BUYER_SELLER` or `Buyer_Seller`. */
export type ChatType =
  | "BUYER_SELLER"
  | "SELLER_SUPPORT"
  | "SELLER_NOTIFICATION"
  | "UNSPECIFIED"
  | (string & {});

export interface Chat {
  id: string;
  type: ChatType;
  isBuyerChat: boolean;
  status: "OPENED" | "CLOSED" | undefined;
  createdAt: string | undefined;
  lastMessageId: string | undefined;
  firstUnreadMessageId: string | undefined;
  unreadCount: number | undefined;
}

export interface ChatListOptions {
  unreadOnly?: boolean;
  /** Only the successor form filters by status; the spec form lists all chats. */
  status?: "opened" | "closed" | "all";
}

export interface HistoryOptions {
  fromMessageId?: string;
  /** 1..1000, default 100. */
  limit?: number;
  /** forward: from older to newer; backward (Ozon's default): from newer to older. */
  direction?: "forward" | "backward";
}

export interface HistoryPage {
  /** Always oldest first, whatever the direction asked for. */
  messages: ChatMessage[];
  hasNext: boolean;
}

export interface DownloadFileOptions {
  /** Bytes read at most (default: Telegram's 50 MB upload limit). */
  maxBytes?: number;
  /** One deadline for the whole download (default 60 s). */
  deadlineMs?: number;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  bytes: Uint8Array;
  contentType: string;
  name?: string;
}
