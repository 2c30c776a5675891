/**
 * The buyer chat relay, free of Telegram: Ozon → Telegram polling, replies back, and the maps between them.
 * Tests: none directly
 */
export {
  type AudienceOptions,
  RELAY_GROUP_KEY,
  RELAY_TARGETS_KEY,
  type RelayAudience,
  type RelayGroup,
  RelayGroupSetting,
  resolveRelayAudience,
  takesShop,
} from "./audience.ts";
export {
  ChatRelay,
  type ChatRelayOptions,
  RELAY_LEASE_NAME,
  type RelayFailure,
  type RelayPassReport,
  TELEGRAM_UPLOAD_LIMIT_BYTES,
} from "./chat-relay.ts";
export { ChatContexts } from "./context.ts";
export { compareIds, RelayCursors } from "./cursors.ts";
export { DeliveryMarks } from "./delivery-marks.ts";
export { DEFAULT_LINK_TTL_MS, type MessageLink, MessageLinks } from "./links.ts";
export { classifyReplyError, type ReplyFailureReason } from "./reply-errors.ts";
export { ReplyRouter, type RoutedChat, type TelegramPlace } from "./reply-router.ts";
export {
  type ReplyChatsApi,
  type ReplyFailure,
  ReplyService,
  type ReplyServiceOptions,
  type SendFileResult,
  type SendTextResult,
  type StartChatResult,
  TELEGRAM_DOWNLOAD_LIMIT_BYTES,
} from "./reply-service.ts";
export {
  createRelayRepositories,
  type RelayRepositories,
  type RelayRepositoryOptions,
} from "./repositories.ts";
export { OZON_TEXT_LIMIT, splitText } from "./split-text.ts";
export { type RelayTopic, RelayTopics, type TopicChat } from "./topics.ts";
export type {
  AcceptedCallback,
  Chat,
  ChatAttachment,
  ChatContext,
  ChatMessage,
  RelayAttachment,
  RelayChatRef,
  RelayChatsApi,
  RelayNotifier,
  TelegramMessageRef,
} from "./types.ts";
