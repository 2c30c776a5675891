import type { UserFromGetMe } from "grammy/types";

/** What getMe answers for a test or benchmark bot, so no getMe call is needed. */
export function botInfoFor(id: number, username: string, firstName = username): UserFromGetMe {
  return {
    id,
    is_bot: true,
    first_name: firstName,
    username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}
