/**
 * Who packed: the person whose tap or dialog shipped the posting, as the packed-by note keeps them.
 * Tests: none directly
 */
import type { ShipRequest } from "../../services/postings/ship-request.ts";
import type { ConversationContext } from "../core/context.ts";
import { displayName, profileOf } from "../core/screen-text.ts";
import { clip } from "./format.ts";
export function packerOf(ctx: Pick<ConversationContext, "from">): ShipRequest["packer"] {
  const from = ctx.from;
  return { userId: from?.id ?? 0, name: from ? clip(displayName(profileOf(from)), 100) : "—" };
}
