/**
 * Every button kind of the people area (invites, /users, access requests, the language), declared
 * once with its arguments (core/buttons.ts): keyboards make their data here, handlers get the
 * arguments typed, and a press whose arguments do not fit is refused by the router before any
 * handler runs. The menu's buttons are core's (core/menu.ts). The kinds are the data of buttons
 * already in people's chats: never change one.
 * Tests: none directly
 */
import { z } from "zod";
import { isRole, ROLES, type Role } from "../../services/access/index.ts";
import { oneOf, PAGE_ARG, SHOP_REF_ARG, TELEGRAM_ID_ARG } from "../core/button-args.ts";
import { declareButton, declareButtonShapes } from "../core/buttons.ts";
import { LOCALES } from "../core/i18n.ts";
import { SCOPE_DRAFT_ID } from "./shop-scope-picker.ts";

/** A person's Telegram id: a user, never a group. */
const PERSON_ARG = TELEGRAM_ID_ARG.refine((id) => id > 0);
const ROLE_ARG = oneOf(ROLES);
/** Roles whose stores may be limited: an admin always covers every store. */
const LIMITED_ROLE_ARG = z.custom<Exclude<Role, "admin">>(
  (value) => isRole(value) && value !== "admin",
);
/** A store picker's draft (shop-scope-picker.ts): its marks live in the store, not the button. */
const DRAFT_ARG = z.string().regex(SCOPE_DRAFT_ID);

/** /language: `lg:<locale>`; strangers press it too. */
export const LANGUAGE = declareButton("lg", "people: choose the language", oneOf(LOCALES));

/** The stranger's "Ask for access" under a refusal. */
export const ASK_FOR_ACCESS = declareButton("ar", "people: a stranger asks for access");

/** An admin's answer to an access request: `i:<person>:<role>` invite as that role, `x:<person>` ignore. */
export const ACCESS_DECISION = declareButtonShapes(
  "ad",
  "people: an admin answers an access request",
  [z.literal("i"), PERSON_ARG, ROLE_ARG],
  [z.literal("x"), PERSON_ARG],
);

/** An invite's one-time payload (services/access/invites.ts: 16 random bytes, base64url). */
const INVITE_PAYLOAD_ARG = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/**
 * /invite: `iv:<role>` picks the role; then the store picker: `t:<draft>:<shop>` toggles a
 * store, `a:<draft>` all stores, `d:<draft>` done; under the link, `x:<payload>` revokes it.
 */
export const INVITE = declareButtonShapes(
  "iv",
  "people: /invite's role and store picker",
  [ROLE_ARG],
  [z.literal("t"), DRAFT_ARG, SHOP_REF_ARG],
  [oneOf(["a", "d"]), DRAFT_ARG],
  [z.literal("x"), INVITE_PAYLOAD_ARG],
);

/**
 * /users: `p:<page>` a page of the list · `o:<person>[:<page>]` a person's card · `g|r:<person>:
 * <role>[:<page>]` grant or revoke a role · `s:<person>:<role>[:<page>]` the stores a role
 * covers, then the store picker as /invite's, its actions prefixed with s (`st`, `sa`, `sd`).
 * The page (to go back to) came later: a button without one goes back to the first.
 */
export const USERS = declareButtonShapes(
  "us",
  "people: /users",
  [z.literal("p"), PAGE_ARG],
  [z.literal("o"), PERSON_ARG, PAGE_ARG.optional()],
  [oneOf(["g", "r"]), PERSON_ARG, ROLE_ARG, PAGE_ARG.optional()],
  [z.literal("s"), PERSON_ARG, LIMITED_ROLE_ARG, PAGE_ARG.optional()],
  [z.literal("st"), DRAFT_ARG, SHOP_REF_ARG],
  [oneOf(["sa", "sd"]), DRAFT_ARG],
);
