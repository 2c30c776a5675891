/**
 * The front door: what /start and /help show a known person. People (welcome.ts) owns those
 * commands; a module that draws Home (src/bot/home/) opens this door when it is built, and the
 * welcome shows Home through it. A bot without such a module keeps the plain greeting and menu.
 * Tests: none directly
 */
import type { BotContext } from "./context.ts";

export interface FrontDoorOptions {
  /** Said above the screen once (an invite just redeemed, say). */
  intro?: string;
  /** /help: the screen with the commands Home does not show. */
  help?: boolean;
}

export type FrontDoorScreen = (ctx: BotContext, options: FrontDoorOptions) => Promise<void>;

export class FrontDoor {
  #screen: FrontDoorScreen | undefined;

  /** Opened once, by the module that draws Home. */
  open(screen: FrontDoorScreen): void {
    if (this.#screen) throw new Error("the front door is opened twice");
    this.#screen = screen;
  }

  get screen(): FrontDoorScreen | undefined {
    return this.#screen;
  }
}
