/** Tests: none directly */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { intLike } from "../../wire.ts";

export const tokenEndpoint = endpoint({
  method: "POST",
  path: "/api/client/token",
  request: z.object({
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    grant_type: z.literal("client_credentials"),
  }),
  response: z.object({
    access_token: z.string().min(1),
    expires_in: intLike,
    token_type: z.string().nullish(),
  }),
  // Asking again only issues another token.
  safe: true,
});
