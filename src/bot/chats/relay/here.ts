/**
 * /relay_here: an admin makes a group the place where buyer messages arrive. With one shop the
 * command switches the group on (and, sent again, off). With several it asks which shops' buyer
 * chats come here: each shop's button adds or removes it, "All stores" takes every shop (also
 * shops added later); the group's record keeps the choice, and every screen names the shops.
 * Tests: none directly
 */
import { type Context, InlineKeyboard } from "grammy";
import type { RelayGroup } from "../../../services/chats/relay/audience.ts";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { BotContext } from "../../core/context.ts";
import { chosenLabel } from "../../core/marks.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { RELAY_HERE_BUTTON } from "../buttons.ts";

type GroupChat = { id: number; type: "group" | "supergroup"; title?: string; is_forum?: true };

export function relayHereFeature(relay: RelayShops): FeatureFactory {
  return (deps) => {
    const { codec, router } = deps;
    const { groups, shops } = relay;

    router.command("relay_here", async (ctx) => {
      const chat = groupChat(ctx);
      if (!chat) {
        await ctx.reply(ctx.t("relay-here-private"));
        return;
      }
      const current = await groups.inChat(chat.id);
      const isForum = chat.is_forum === true;
      if (shops.many) {
        // The chooser, showing what comes here now; nothing changes before a button is pressed.
        const lines = [ctx.t("relay-here-choose")];
        if (current) lines.push(shopsLine(ctx, relay, current));
        await ctx.reply(lines.join("\n\n"), {
          reply_markup: chooser(ctx, codec, relay, current),
        });
        return;
      }
      // Same group, same shape: the command switches the relay off. A group that turned topics
      // on (or off) since is set up anew instead.
      if (current && current.isForum === isForum) {
        await groups.clear(chat.id);
        await ctx.reply(ctx.t("relay-here-cleared"));
        return;
      }
      const group = await groups.set(groupRecord(chat, ctx.from?.id, undefined));
      const stop = new InlineKeyboard().text(
        ctx.t("relay-here-stop-button"),
        RELAY_HERE_BUTTON.data(codec, "off", undefined),
      );
      await ctx.reply(await confirmation(ctx, relay, group), { reply_markup: stop });
    });

    router.button(RELAY_HERE_BUTTON, ["admin"], async (ctx, [action, ref]) => {
      const chat = groupChat(ctx);
      const current = chat ? await groups.inChat(chat.id) : undefined;
      if (action === "off" || !chat) {
        if (!chat || !current) {
          await ctx.answerCallbackQuery({ text: ctx.t("relay-here-not-set") });
          await ctx.editMessageReplyMarkup().catch(() => undefined);
          return;
        }
        await groups.clear(chat.id);
        await ctx.answerCallbackQuery();
        await ctx.editMessageText(ctx.t("relay-here-cleared"));
        return;
      }
      let chosen: string[] | undefined;
      if (action === "all") chosen = undefined;
      else {
        const shop = action === "shop" && ref ? shops.byRef(ref) : undefined;
        if (!shop) {
          await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
          return;
        }
        // "All stores" picked before: choosing one store narrows the group to it.
        const before = current ? (current.shops ?? []) : [];
        chosen = before.includes(shop.id)
          ? before.filter((id) => id !== shop.id)
          : [...before, shop.id];
      }
      await ctx.answerCallbackQuery();
      if (chosen?.length === 0) {
        await groups.clear(chat.id);
        await ctx.editMessageText(ctx.t("relay-here-cleared"));
        return;
      }
      const group = await groups.set(groupRecord(chat, ctx.from?.id, chosen));
      await ctx.editMessageText(await confirmation(ctx, relay, group), {
        reply_markup: chooser(ctx, codec, relay, group),
      });
    });

    return undefined;
  };
}

function groupChat(ctx: Context): GroupChat | undefined {
  const chat = ctx.chat;
  if (!chat || (chat.type !== "group" && chat.type !== "supergroup")) return undefined;
  return chat as GroupChat;
}

function groupRecord(
  chat: GroupChat,
  setBy: number | undefined,
  shopIds: string[] | undefined,
): Omit<RelayGroup, "setAt"> {
  const isForum = chat.type === "supergroup" && chat.is_forum === true;
  const group: Omit<RelayGroup, "setAt"> = { chatId: chat.id, isForum };
  if (chat.title !== undefined) group.title = chat.title;
  if (setBy !== undefined) group.setBy = setBy;
  if (shopIds !== undefined) group.shops = shopIds;
  return group;
}

/** What the group now gets, and (in a forum) whether the bot may make topics there. */
async function confirmation(ctx: BotContext, relay: RelayShops, group: RelayGroup) {
  const lines = [ctx.t(group.isForum ? "relay-here-set-forum" : "relay-here-set")];
  if (relay.shops.many) lines.unshift(shopsLine(ctx, relay, group));
  // Without the right to make topics every buyer message would wait unseen: say so now.
  if (group.isForum && !(await mayManageTopics(ctx))) lines.push(ctx.t("relay-here-needs-topics"));
  return lines.join("\n\n");
}

/** "🏬 Here: Северный, Южный" (or "all stores"). */
function shopsLine(ctx: BotContext, relay: RelayShops, group: RelayGroup): string {
  const names = group.shops
    ? relay.shops
        .all()
        .filter((shop) => group.shops?.includes(shop.id))
        .map((shop) => shop.name)
        .join(", ")
    : ctx.t("relay-here-all-shops");
  return ctx.t("relay-here-shops", { shops: names || "—" });
}

/** A button per shop (✓ on those that come here), "All stores", and "Stop relaying here". */
function chooser(
  ctx: BotContext,
  codec: CallbackCodec,
  relay: RelayShops,
  current: RelayGroup | undefined,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  relay.shops.all().forEach((shop, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    const on = current?.shops?.includes(shop.id) === true;
    const label = chosenLabel(shop.name, on);
    keyboard.text(label, RELAY_HERE_BUTTON.data(codec, "shop", shop.ref));
  });
  const all = ctx.t("relay-here-all-button");
  keyboard
    .row()
    .text(
      chosenLabel(all, current !== undefined && !current.shops),
      RELAY_HERE_BUTTON.data(codec, "all", undefined),
    );
  if (current) {
    const stop = RELAY_HERE_BUTTON.data(codec, "off", undefined);
    keyboard.row().text(ctx.t("relay-here-stop-button"), stop);
  }
  return keyboard;
}

/** False only when Telegram says plainly that the bot may not create topics here. */
async function mayManageTopics(ctx: BotContext): Promise<boolean> {
  const me = await ctx.getChatMember(ctx.me.id).catch(() => undefined);
  if (!me || typeof me !== "object" || !("status" in me)) return true;
  if (me.status === "creator") return true;
  return me.status === "administrator" && me.can_manage_topics === true;
}
