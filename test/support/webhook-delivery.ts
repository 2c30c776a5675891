/**
 * The fake Bot API as Telegram in webhook mode in front of a load balancer: updates go by HTTP
 * POST to the path the bot registered with setWebhook, with its secret token, to one of several
 * bot processes (round-robin, or the one named), and several at once (Telegram delivers
 * concurrently). `fake.webhooks([port1, port2])` makes one.
 *
 * ```ts
 * const hooks = fake.webhooks([portA, portB]);
 * await hooks.deliver(update);                 // the next process in turn
 * await hooks.deliver(update, 1);              // the second process
 * await Promise.all([hooks.deliver(a, 0), hooks.deliver(b, 1)]); // at the same moment
 * ```
 */
import type { Update } from "grammy/types";
import type { RecordedCall } from "./fake-bot-api.ts";

export interface WebhookAnswer {
  status: number;
  body: string;
  /** Index of the process that took it. */
  process: number;
}

export class WebhookDelivery {
  readonly #ports: readonly number[];
  readonly #registrations: () => RecordedCall[];
  #next = 0;

  constructor(ports: readonly number[], registrations: () => RecordedCall[]) {
    if (ports.length === 0) throw new RangeError("webhooks need at least one process");
    this.#ports = ports;
    this.#registrations = registrations;
  }

  /** Posts one update to process `to` (default: the next in turn); resolves with its answer. */
  async deliver(update: Update, to?: number): Promise<WebhookAnswer> {
    const index = to ?? this.#next++ % this.#ports.length;
    const port = this.#ports[index];
    if (port === undefined) throw new RangeError(`no process ${index}`);
    const { path, secret } = this.#registration();
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}),
      },
      body: JSON.stringify(update),
    });
    return { status: response.status, body: await response.text(), process: index };
  }

  /** Every update at once, round-robin over the processes. */
  deliverAll(updates: readonly Update[]): Promise<WebhookAnswer[]> {
    return Promise.all(updates.map((update) => this.deliver(update)));
  }

  /** The path and secret of the latest setWebhook (all processes register the same). */
  #registration(): { path: string; secret: string | undefined } {
    const latest = this.#registrations().at(-1);
    if (!latest) throw new Error("no process has called setWebhook yet");
    const url = new URL(String(latest.payload.url));
    const secret = latest.payload.secret_token;
    return { path: url.pathname, secret: typeof secret === "string" ? secret : undefined };
  }
}
