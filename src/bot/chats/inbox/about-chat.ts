/**
 * What the relay notifier finds out for the sellers' inbox before relaying a buyer's message:
 * whether it is the chat's first (then it carries the context card and "Open posting"), who
 * handles the chat, the product's name, and which copy of it each recipient got.
 * Tests: none directly
 */

import type { ChatClaim, ChatInbox, RelayedCopy } from "../../../services/chats/inbox/inbox.ts";
import type { ContextCard, ContextCards } from "../../../services/chats/relay/context-card.ts";
import type { ProductNames } from "../../../services/chats/relay/product-names.ts";
import type { RelayChatRef } from "../../../services/chats/relay/types.ts";

/** A buyer chat with what was found out about it for this message. */
export interface RelayedChat extends RelayChatRef {
  productName?: string | undefined;
  /** The chat's first relayed message: it gets the context card and "Open posting". */
  first?: boolean;
  claim?: ChatClaim | undefined;
  card?: ContextCard | undefined;
}

export interface InboxParts {
  inbox: ChatInbox | undefined;
  contextCards: Pick<ContextCards, "cardOf"> | undefined;
  productNames: Pick<ProductNames, "nameOf" | "remember"> | undefined;
}

export async function aboutChat(parts: InboxParts, chat: RelayChatRef): Promise<RelayedChat> {
  const { inbox, contextCards, productNames } = parts;
  const { sku } = chat.context;
  // Two independent store reads on every relayed message: at once, not one after the other.
  const [digest, claim] = await Promise.all([
    inbox?.digest(chat.ozonChatId),
    inbox?.claim(chat.ozonChatId),
  ]);
  const first = inbox ? !digest : false;
  // The first message's card reads the catalogue anyway: its name is the product's name.
  const card = first ? await contextCards?.cardOf(chat.context) : undefined;
  const named = card?.product;
  if (named) await productNames?.remember(named.sku, named.name);
  return {
    ...chat,
    productName: named?.name ?? (sku ? await productNames?.nameOf(sku) : undefined),
    first,
    claim,
    card,
  };
}

/** The posting a chat is about: Ozon's context, or what the context card found. */
export function postingOf(chat: RelayedChat): string | undefined {
  return chat.context.postingNumber ?? chat.card?.postingNumber;
}

/** A recipient's copy (the part with the buttons), with the posting its button opens. */
export function copyOf(chat: RelayedChat, copy: Omit<RelayedCopy, "posting">): RelayedCopy {
  const posting = chat.first ? postingOf(chat) : undefined;
  return posting ? { ...copy, posting } : copy;
}
