/**
 * The sandbox's switch that sends Ozon push notifications to a bot: when a target URL is set,
 * every new posting, status change and buyer message of every store is POSTed there as Ozon
 * would (JSON, `seller_id` = the store's Client-Id), and each delivery is recorded. Seeding at
 * start sends nothing: the target is set afterwards.
 * Tests: none directly
 */
import type { SandboxEvent } from "./state.ts";

export interface PushDelivery {
  type: string;
  sellerId: string;
  /** When the event happened (epoch ms): the start of push-to-Telegram latency. */
  at: number;
  /** HTTP status, or 0 when the bot could not be reached. */
  status: number;
  body: string;
}

const PUSH_TIMEOUT_MS = 5_000;

export class PushSender {
  #url: string | undefined;
  readonly deliveries: PushDelivery[] = [];

  constructor(url?: string) {
    this.#url = url;
  }

  get url(): string | undefined {
    return this.#url;
  }

  /** Where pushes go; undefined turns them off. */
  setTarget(url: string | undefined): void {
    this.#url = url;
  }

  /** The listener of one store's events. */
  forStore(sellerId: string, now: () => number): (event: SandboxEvent) => void {
    return (event) => {
      const url = this.#url;
      if (!url) return;
      void this.#send(url, { ...event, seller_id: sellerId }, sellerId, now());
    };
  }

  async #send(url: string, event: SandboxEvent, sellerId: string, at: number): Promise<void> {
    const delivery: PushDelivery = { type: event.message_type, sellerId, at, status: 0, body: "" };
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      delivery.status = response.status;
      delivery.body = (await response.text()).slice(0, 500);
    } catch {
      delivery.status = 0;
    }
    this.deliveries.push(delivery);
    if (this.deliveries.length > 10_000) this.deliveries.splice(0, 5_000);
  }
}
