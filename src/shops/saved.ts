/**
 * Shops an admin added in the bot, kept in the store with their keys sealed (src/shops/secrets.ts).
 * The name and the Client-Id stay readable (the /stores list needs them without the key); the
 * keys open only with the secrets key, bound to the shop's id.
 * Tests: none directly
 */
import { z } from "zod";
import type { Store } from "../store/port.ts";
import { clientIdSchema, type ShopEntry, shopNameSchema } from "./entry.ts";
import type { SecretBox } from "./secrets.ts";

const PREFIX = "shops:saved:";

const keysSchema = z.object({
  seller: z.object({ clientId: z.string(), apiKey: z.string() }).optional(),
  performance: z.object({ clientId: z.string(), clientSecret: z.string() }).optional(),
});

const recordSchema = z.object({
  id: clientIdSchema,
  name: shopNameSchema,
  sealedKeys: z.string(),
  addedBy: z.number(),
  addedAt: z.string(),
});

type SavedRecord = z.infer<typeof recordSchema>;

export class SavedShops {
  readonly #store: Store;
  readonly #secrets: SecretBox;

  constructor(store: Store, secrets: SecretBox) {
    this.#store = store;
    this.#secrets = secrets;
  }

  /** Saved shops oldest first; those whose record or keys cannot be read are named apart. */
  async list(): Promise<{ shops: ShopEntry[]; unreadable: Array<{ id: string }> }> {
    const records: SavedRecord[] = [];
    const unreadable: Array<{ id: string }> = [];
    for (const { key, value } of await this.#store.list(PREFIX)) {
      const parsed = recordSchema.safeParse(value);
      if (parsed.success) records.push(parsed.data);
      else unreadable.push({ id: key.slice(PREFIX.length) });
    }
    records.sort((a, b) => a.addedAt.localeCompare(b.addedAt));
    const shops: ShopEntry[] = [];
    for (const record of records) {
      try {
        const keys = keysSchema.parse(JSON.parse(this.#secrets.open(record.sealedKeys, record.id)));
        shops.push({ id: record.id, name: record.name, ...keys });
      } catch {
        unreadable.push({ id: record.id });
      }
    }
    return { shops, unreadable };
  }

  async save(entry: ShopEntry, addedBy: number): Promise<void> {
    const keys = JSON.stringify({ seller: entry.seller, performance: entry.performance });
    const record: SavedRecord = {
      id: entry.id,
      name: entry.name,
      sealedKeys: this.#secrets.seal(keys, entry.id),
      addedBy,
      addedAt: new Date().toISOString(),
    };
    await this.#store.set(PREFIX + entry.id, record);
  }

  async delete(id: string): Promise<void> {
    await this.#store.delete(PREFIX + id);
  }
}
