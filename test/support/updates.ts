/**
 * Builders for the updates Telegram sends, for `bot.handleUpdate(...)` or `fake.queueUpdates(...)`.
 * Every update gets a fresh update_id and every message a fresh message_id.
 *
 * ```ts
 * const alice = person(1001, { first_name: "Alice", language_code: "en" });
 * const team = group(-100200);
 * await bot.handleUpdate(command("start", { from: alice }));                 // private chat
 * await bot.handleUpdate(command("invite", { from: alice, chat: team }));    // in a group
 * await bot.handleUpdate(command("start", { from: bob, args: payload }));    // /start <payload>
 * await bot.handleUpdate(text("hello", { from: alice }));
 * await bot.handleUpdate(callback(data, { from: alice, message: sent }));    // a button press
 * await bot.handleUpdate(document({ from: alice, fileId: "f1", fileName: "a.pdf" }));
 * ```
 * A callback's `message` may be the result of a recorded sendMessage call
 * (`call.response.result`), so presses refer to a message the bot really sent.
 */
import type { Chat, Message, MessageEntity, Update, User } from "grammy/types";
import { rememberShownMessage } from "./telegram-messages.ts";

let updateSeq = 10_000;
let messageSeq = 50_000;
let callbackSeq = 0;

export function nextUpdateId(): number {
  return ++updateSeq;
}

/** A Telegram user (not a bot). */
export function person(id: number, fields: Partial<User> = {}): User {
  return { id, is_bot: false, first_name: `User${id}`, language_code: "ru", ...fields };
}

/** The private chat with a user. */
export function privateChat(user: User): Chat.PrivateChat {
  return { id: user.id, type: "private", first_name: user.first_name, username: user.username };
}

/** A supergroup (negative id); `forum: true` makes a group with topics. */
export function group(
  id: number,
  fields: { title?: string; forum?: boolean } = {},
): Chat.SupergroupChat {
  const chat: Chat.SupergroupChat = {
    id,
    type: "supergroup",
    title: fields.title ?? `Group ${id}`,
  };
  if (fields.forum) (chat as Chat.SupergroupChat & { is_forum: true }).is_forum = true;
  return chat;
}

export interface MessageOptions {
  from: User;
  /** Default: the sender's private chat. */
  chat?: Chat;
  /** A reply to this message. */
  replyTo?: Message;
  /** Forum topic. */
  threadId?: number;
  date?: number;
}

function baseMessage(options: MessageOptions): Message {
  const message: Message = {
    message_id: ++messageSeq,
    date: options.date ?? Math.floor(Date.now() / 1000),
    chat: options.chat ?? privateChat(options.from),
    from: options.from,
  } as Message;
  if (options.replyTo) {
    (message as Message & { reply_to_message: Message }).reply_to_message =
      options.replyTo as never;
  }
  if (options.threadId !== undefined) {
    Object.assign(message, { message_thread_id: options.threadId, is_topic_message: true });
  }
  return message;
}

/** A message update around any message content. */
export function messageUpdate(message: Message): Update {
  return { update_id: nextUpdateId(), message } as Update;
}

/** A plain text message. */
export function text(
  body: string,
  options: MessageOptions & { entities?: MessageEntity[] },
): Update {
  return messageUpdate({
    ...baseMessage(options),
    text: body,
    entities: options.entities,
  } as Message);
}

/**
 * A command: `/name` (in groups `/name@bot` when `botUsername` is given) with optional args,
 * and the bot_command entity Telegram adds.
 */
export function command(
  name: string,
  options: MessageOptions & { args?: string; botUsername?: string },
): Update {
  const head = `/${name}${options.botUsername ? `@${options.botUsername}` : ""}`;
  const body = options.args ? `${head} ${options.args}` : head;
  return text(body, {
    ...options,
    entities: [{ type: "bot_command", offset: 0, length: head.length }],
  });
}

/** A document message (a file the person sent). */
export function document(
  options: MessageOptions & {
    fileId: string;
    fileName?: string;
    fileSize?: number;
    mimeType?: string;
    caption?: string;
  },
): Update {
  return messageUpdate({
    ...baseMessage(options),
    document: {
      file_id: options.fileId,
      file_unique_id: `u-${options.fileId}`,
      file_name: options.fileName,
      file_size: options.fileSize,
      mime_type: options.mimeType,
    },
    caption: options.caption,
  } as Message);
}

/** A photo message (sizes smallest first, as Telegram sends them). */
export function photo(
  options: MessageOptions & { fileId: string; fileSize?: number; caption?: string },
): Update {
  return messageUpdate({
    ...baseMessage(options),
    photo: [
      {
        file_id: `${options.fileId}-small`,
        file_unique_id: `u-${options.fileId}-s`,
        width: 90,
        height: 90,
      },
      {
        file_id: options.fileId,
        file_unique_id: `u-${options.fileId}`,
        width: 1280,
        height: 960,
        file_size: options.fileSize,
      },
    ],
    caption: options.caption,
  } as Message);
}

export interface CallbackOptions {
  from: User;
  /** The message holding the button; default: a bot message in the presser's private chat. */
  message?: Message | Record<string, unknown>;
  /** Chat of the default message. */
  chat?: Chat;
}

/** A button press with the given callback data. */
export function callback(data: string, options: CallbackOptions): Update {
  const message =
    (options.message as Message | undefined) ??
    ({
      message_id: ++messageSeq,
      date: Math.floor(Date.now() / 1000),
      chat: options.chat ?? privateChat(options.from),
      from: { id: 7000001, is_bot: true, first_name: "Ozon Test Bot" },
      text: "…",
    } as Message);
  // The press shows the message exists: the fake Bot API lets the bot edit it.
  rememberShownMessage(message);
  return {
    update_id: nextUpdateId(),
    callback_query: {
      id: `cbq-${++callbackSeq}`,
      from: options.from,
      chat_instance: `ci-${message.chat.id}`,
      message,
      data,
    },
  } as Update;
}

export type BotMemberStatus = "member" | "administrator" | "left" | "kicked";

/**
 * The bot's own membership changed: added to a group ("member", "administrator") or removed
 * ("left", "kicked"); in a private chat "kicked" is the person blocking the bot. `was`: the
 * status before (default: the opposite of joining or leaving).
 */
export function myChatMember(
  chat: Chat,
  by: User,
  status: BotMemberStatus,
  was: BotMemberStatus = status === "left" || status === "kicked" ? "member" : "left",
  botUser: User = { id: 7000001, is_bot: true, first_name: "Ozon Test Bot" },
): Update {
  const date = Math.floor(Date.now() / 1000);
  const member = (s: BotMemberStatus) => ({
    status: s,
    user: botUser,
    ...(s === "kicked" ? { until_date: 0 } : {}),
  });
  return {
    update_id: nextUpdateId(),
    my_chat_member: {
      chat,
      from: by,
      date,
      old_chat_member: member(was) as never,
      new_chat_member: member(status) as never,
    },
  } as Update;
}

/** The service message in a group Telegram upgraded to a supergroup with the id `toChatId`. */
export function groupMigrated(chat: Chat.GroupChat, by: User, toChatId: number): Update {
  return messageUpdate({
    message_id: 90_000 + (nextUpdateId() % 1000),
    date: Math.floor(Date.now() / 1000),
    chat,
    from: by,
    migrate_to_chat_id: toChatId,
  } as Message);
}
