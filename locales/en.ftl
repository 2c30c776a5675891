## Commands
# Each command: .description for Telegram's command list and /help, .button for menu buttons.

command-start =
    .description = Main menu
    .button = Menu
command-help =
    .description = What I can do and what you may use
    .button = Help
command-postings =
    .description = Postings awaiting packaging
    .button = 📦 Postings
command-ship =
    .description = Pack and ship a posting
    .button = 🚚 Ship
command-cancel_posting =
    .description = Cancel a posting
    .button = ✖️ Cancel a posting
command-subscribe =
    .description = Get alerts about new postings
    .button = 🔔 Subscribe
command-unsubscribe =
    .description = Stop the alerts
    .button = 🔕 Unsubscribe
command-budget =
    .description = Daily budget of an ad campaign
    .button = 💰 Budget
command-report =
    .description = Order an advertising report
    .button = 📊 Report
command-invite =
    .description = Invite a person
    .button = ➕ Invite
command-users =
    .description = People and their roles
    .button = 👥 People
command-language =
    .description = Change the language
    .button = 🌐 Language
command-relay_here =
    .description = Relay buyer chats into this group
    .button = 💬 Relay here
command-cancel =
    .description = Leave the current dialog
    .button = Cancel

## Roles

role-admin = administrator
role-seller = seller
role-warehouse = warehouse
role-manager = manager

## Access

access-stranger =
    Sorry, this bot serves the shop's team only.
    Your Telegram id: { $id }
    Send it to an administrator and ask for an invite link.
access-denied = This is only for these roles: { $roles }. If you need it, ask an administrator.
callback-invalid = This button no longer works. Open the menu again: /start

## Welcome

welcome-person =
    Hello, { $name }!
    Your roles: { $roles }.
    Here is what you can do:
help-intro = Your roles: { $roles }. Commands you may use:
unknown-command = I do not know that command. The list is at /help
unhandled-hint = To see what I can do, send /help

## Invites

invite-choose-role = Which role is the invite for?
invite-created =
    Invite for the role "{ $role }":
    { $link }

    The link works once and until { $expires }. Forward it to the person you invite.
invite-sent-privately = I sent you the invite link in a private chat.
invite-open-private-chat = I cannot write to you privately: open a private chat with me and press Start first, then try /invite again.
invite-joined = Welcome! You now have the role "{ $role }".
invite-joined-owner = You are the administrator of this bot. Invite your team with /invite.
invite-used = This invite has already been used. Ask an administrator for a new one.
invite-expired = This invite has expired (links last one day). Ask an administrator for a new one.
invite-unknown = This invite link is not recognised. Check it or ask an administrator for a new one.

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

## Language

language-choose = Choose your language:
language-changed = Language: English
language-name-ru = Русский
language-name-en = English

## Cancel

cancel-done = Cancelled.
cancel-nothing = There is nothing to cancel.
cancel-button = Cancel

## Coming soon

coming-soon = The /{ $command } command is coming in one of the next versions of the bot.

## Errors

error-generic = Something went wrong. Please try again a little later.
