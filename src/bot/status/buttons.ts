/**
 * The status area's button, declared once (core/buttons.ts); it carries no arguments, so a press
 * with any is refused by the router. The kind is the data of buttons already in people's chats:
 * never change it.
 * Tests: none directly
 */
import { declareButton } from "../core/buttons.ts";

/** 🔄 Refresh under /status: the picture again, in the same message. */
export const STATUS_REFRESH = declareButton("hs", "status: refresh /status");
