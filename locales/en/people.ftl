## Roles

role-admin = administrator
role-seller = customer care
role-warehouse = warehouse
role-manager = manager

## Access

access-stranger =
    Sorry, this bot serves the shop's team only.
    Your Telegram id: { $id }
    Send it to an administrator and ask for an invite link.
access-request-button = 🙋 Ask for access
access-request-sent = Your request went to the administrators. If they invite you, they will send you a link.
access-request-nobody = No administrator can receive the request right now. Please try later.
access-request-wait = Your request was already sent. You can ask again in a day.
access-request-busy = Many people have asked for access in the last hour. Please try again later.
access-request-member = You already have access: /start
access-request-admin =
    🙋 Asks for access: { $name }, Telegram id: { $id }
    Invite as:
access-request-ignore = Ignore
access-request-ignored = Request { $id } ignored.
access-request-handled = This request has already been answered.
access-denied = This is only for these roles: { $roles }. If you need it, ask an administrator.
callback-invalid = This button no longer works. Open the menu again: /start

## Welcome

welcome-person =
    Hello, { $name }!
    Your roles: { $roles }.
    Here is what you can do:
help-intro = Your roles: { $roles }. Commands you may use:
welcome-seller-hint = 💬 Buyers' messages from Ozon chats arrive in this chat. To answer a buyer, reply to their message (swipe it left, or tap and choose Reply); files work too.
unknown-command = I do not know that command. The list is at /help
unhandled-hint = To see what I can do, send /help
unhandled-hint-seller = To answer a buyer, reply to their message: swipe it left (or long-press it → Reply) and write your answer there. Everything else I can do: /help

## Invites

invite-choose-role =
    Which role is the invite for?
    📦 { role-warehouse } — packs and hands over postings, sets stock, takes returns in.
    💬 { role-seller } — answers buyers in chats, decides rFBS returns, runs own deliveries.
    📣 { role-manager } — advertising, reports, ratings, product prices and stock.
    🔑 { role-admin } — all of that, plus people, stores, the audit trail and the bot's health.
invite-created =
    Invite for the role "{ $role }":
    { $link }

    The link works once and until { $expires }. Forward it to the person you invite.
invite-share-button = 📤 Share the link
invite-share-text = An invite to the store's team in the bot
invite-revoke-button = 🗑 Revoke
invite-revoked = 🗑 Invite revoked: the link no longer works.
invite-sent-privately = I sent you the invite link in a private chat.
invite-open-private-chat = I cannot write to you privately: open a private chat with me and press Start first, then try /invite again.
invite-joined =
    { $name }, you are in the team as { $role ->
        [warehouse] warehouse staff
        [seller] customer care
        [manager] a manager
       *[admin] an administrator
    }{ $scope }.
    Here is what you can do:
invite-joined-scope = { " " }({ $shops })
invite-joined-owner = You are the administrator of this bot. Invite your team with /invite.
invite-accepted = ✅ { $name } joined the team: { $role }
invite-used = This invite has already been used. Ask an administrator for a new one.
invite-expired = This invite has expired (links last one day). Ask an administrator for a new one.
invite-unknown = This invite link is not recognised. Check it or ask an administrator for a new one.
invite-used-by-you = This link has already worked — for you; there is no need to open it again.
invite-failed-admin = { $reason ->
    [used] This link has already been used.
    [expired] This link has expired.
   *[other] This link is not recognised.
} You are an administrator: /invite makes a new invite.

# The store picker: which stores an invite covers (also a role on a /users card).
invite-role-scope = { $role } · { $shops }
scope-choose-invite =
    Invite for the role "{ $role }": which stores will it cover?
    Choose the stores and press Done (or All stores at once).
scope-all = 🌐 All stores
scope-done = Done
scope-marked = ● { $name }
scope-unmarked = ○ { $name }
scope-all-stores = all stores
scope-no-store = no store
scope-more = +{ $count }
scope-none-marked = Choose at least one store, or All stores.
scope-expired = This choice has expired. Start again.
scope-shop-gone = This store has been removed.

## Users

users-title = People with access to the bot: { $count }
users-empty = Nobody yet. Invite people with /invite.
users-person =
    { $name }
    Telegram id: { $id }
    Roles: { $roles }
users-no-roles = none
users-config-admin = Administrator from the ADMIN_IDS setting: this role is changed in the settings only.
users-back = « Back to the list
users-granted = Role "{ $role }" granted
users-revoked = Role "{ $role }" revoked
users-unchanged = Someone already changed this — showing how it is now
users-unknown-person = This person is no longer in the list
users-config-admin-locked = This administrator comes from the ADMIN_IDS setting; the role can only be removed there.
users-last-admin = The last administrator cannot be removed: appoint another one first.
users-role-scoped = { $role } ({ $shops })
users-scope-button = 🏬 { $role }: { $shops }
users-scope-choose =
    { $name }: which stores does the role "{ $role }" cover?
    Choose the stores and press Done (or All stores at once).
users-scope-changed = Stores of "{ $role }": { $shops }
users-scope-unreachable = ⚠️ "{ $role }" reaches no store: every store it was limited to has been removed. Choose stores again with the button below.

## Language

language-choose = Choose your language:
language-changed = Language: English
language-name-ru = Русский
language-name-en = English
