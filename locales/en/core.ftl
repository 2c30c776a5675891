## Commands
# Each command: .description for Telegram's command list and /help, .button for menu buttons.

command-start =
    .description = Main menu
    .button = Menu
command-help =
    .description = What I can do and what you may use
    .button = Help
command-postings =
    .description = Postings waiting to be packed
    .button = 📦 Postings
command-ship =
    .description = Pack a posting
    .button = 📦 Pack
command-cancel_posting =
    .description = Cancel posting
    .button = ✖️ Cancel posting
command-subscribe =
    .description = Get alerts about new postings
    .button = 🔔 Subscribe
command-unsubscribe =
    .description = Stop the alerts
    .button = 🔕 Unsubscribe
command-workbook =
    .description = Stock and prices as a workbook
    .button = 📥 Stock and prices as a workbook
command-budget =
    .description = Budget of an ad campaign: daily or weekly
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
    .description = Close the current dialog
    .button = Close

## Cancel

cancel-button = Close
cancel-not-yours = This Close button belongs to someone else's question.
cancel-dialog-over = This Close button belongs to a dialog that is over.

## Dialogs

dialog-not-yours = This question was asked to someone else.
dialog-earlier = This button is from an earlier dialog, which is over. Answer the last question.
dialog-step-stale = This button belongs to an earlier step; answer the last question.
dialog-answer-with-text = Please answer with a text message or the buttons.
dialog-use-buttons = Please choose with the buttons below the question.

## Coming soon

coming-soon = The /{ $command } command is coming in one of the next versions of the bot.

## Numbers
# The language numbers, money and dates are written in (src/bot/core/numbers.ts); not shown as is.
number-locale = en

## Errors

error-generic = Something went wrong. Please try again a little later.

## Paused alerts
# Told once to each admin when Telegram refuses the bot's alerts in a group: the bot may not post there.

alerts-paused-no-rights = ⏸ I may no longer post in “{ $chat }”, so its stock and returns alerts are paused (its settings are kept).
    To resume them, let me post there again (or add me back to the group), then send /subscribe in that group.

# A duration, one form everywhere (bot/core/numbers.ts durationText).
duration-seconds = { $n } s
duration-minutes = { $n } min
duration-hours = { $n } h
duration-days = { $n } d

# A count of goods, one form everywhere (bot/core/numbers.ts countText).
count-pieces = { $n } { $n ->
    [one] pc
   *[other] pcs
}
# A currency the bot has no mark for, shown as Ozon wrote its code (bot/core/numbers.ts ozonMoneyText).
money-ozon-currency = { $code } (Ozon's code)
# Ozon's own words in Russian on an English screen (bot/core/ozon-words.ts): marked as Ozon's.
ozon-words = “{ $text }” (Ozon's words)
