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
    .description = Pack a posting
    .button = 📦 Pack
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
    .description = Leave the current dialog
    .button = Close

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

invite-choose-role = Which role is the invite for?
invite-created =
    Invite for the role "{ $role }":
    { $link }

    The link works once and until { $expires }. Forward it to the person you invite.
invite-sent-privately = I sent you the invite link in a private chat.
invite-open-private-chat = I cannot write to you privately: open a private chat with me and press Start first, then try /invite again.
invite-joined = Welcome! You now have the role "{ $role }".
invite-joined-owner = You are the administrator of this bot. Invite your team with /invite.
invite-accepted = { $name } accepted the invite: { $role }
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
    Mark the stores and press Done, or choose All stores.
scope-all = 🌐 All stores
scope-done = Done
scope-marked = ✅ { $name }
scope-unmarked = ▫️ { $name }
scope-all-stores = all stores
scope-no-store = no store
scope-more = +{ $count }
scope-none-marked = Mark at least one store, or choose All stores.
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
    Mark the stores and press Done, or choose All stores.
users-scope-changed = Stores of "{ $role }": { $shops }
users-scope-unreachable = ⚠️ "{ $role }" reaches no store: every store it was limited to has been removed. Choose stores again with the button below.

## Language

language-choose = Choose your language:
language-changed = Language: English
language-name-ru = Русский
language-name-en = English

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

## Errors

error-generic = Something went wrong. Please try again a little later.

## Buyer chats

relay-header-buyer = 💬 Buyer
relay-header-same-buyer = ↪ Same buyer
relay-header-order = order { $order }
relay-header-posting = posting { $posting }
relay-header-sku = SKU { $sku }
relay-header-chat = chat { $chat }
relay-header-product = 📦 { $name }
relay-header-order-link = 🔗 Order in the Ozon seller account: { $url }
relay-topic-order = Order { $order }
relay-topic-posting = Posting { $posting }
relay-topic-sku = SKU { $sku }
relay-topic-chat = Buyer chat { $chat }
relay-empty = (an empty message)
relay-file-too-large = 📎 { $name } ({ $size }) is too large for Telegram: open it in the Ozon seller account.
relay-file-unavailable = 📎 { $name } ({ $size }): Ozon did not give the file; open it in the Ozon seller account.
relay-file-unfetched = 📎 The buyer sent a file the bot could not fetch: { $name } ({ $size }). Open it in the Ozon seller account.
relay-file-empty = 📎 The buyer sent an empty file: { $name }.
relay-reply-sent = ✓ Sent to the buyer
relay-reply-anonymous = Nothing was sent to the buyer: the bot cannot tell who writes as the group (anonymous admin). Turn off "Remain anonymous" in your admin rights and write again.
relay-reply-unsupported = This kind of message cannot be sent to a buyer: send text, a photo or a file.
relay-reply-file-too-big = The file is { $size }: Telegram lets the bot fetch files up to { $limit }. Nothing was sent to the buyer.
relay-reply-fetch-failed = The file could not be fetched from Telegram, so nothing was sent to the buyer. Please send it again.
relay-fail-premium = Not sent: replying to buyers needs a Premium Plus or Premium Pro subscription on Ozon.
relay-fail-window = Not sent: the time to answer this buyer has passed. Ozon lets you write again once the buyer writes.
relay-fail-too-large = Not sent: Ozon does not accept a file this large.
relay-fail-unavailable = Not sent: Ozon is not answering right now. Please try again in a few minutes.
relay-fail-not-found = Not sent: Ozon does not know this chat any more.
relay-fail-auth = Not sent: Ozon refused the shop's API key. An administrator should check the key and its chat permission.
relay-fail-empty = Not sent: the message is empty.
relay-fail-unknown = Not sent: Ozon answered "{ $detail }".
relay-fail-caption-only = The file { $name } reached the buyer, but its caption did not:
relay-fail-other = Not sent: Ozon gave no answer that makes sense. Please try again in a few minutes.
relay-fail-partial = Part of the message did reach the buyer: { $sent } of { $total } parts.
relay-here-private = Send /relay_here in the group where buyer messages should arrive.
relay-here-set = Buyer messages will now arrive in this group. Reply to one to answer the buyer. Send /relay_here again to stop.
relay-here-set-forum = Buyer messages will now arrive in this group, each buyer chat in its own topic. Write in a topic to answer that buyer. Send /relay_here again to stop.
relay-here-needs-topics = ⚠️ But the bot cannot create topics now: make it an administrator with the "Manage topics" right, or buyer messages will not arrive here.
relay-here-cleared = Buyer messages go to the sellers' private chats again.
relay-here-stop-button = Stop relaying here
relay-here-not-set = Buyer messages are not relayed to this group.
relay-here-choose = Which stores' buyer messages should come to this group? Tap a store to add or remove it.
relay-here-all-button = All stores
relay-here-all-shops = all stores
relay-here-shops = 🏬 Coming here: { $shops }
relay-reply-shop-gone = Not sent: this buyer's store is no longer connected to the bot.
relay-reply-not-your-shop = Not sent: your seller role does not cover the store “{ $name }”. Ask an admin.
relay-not-sent = ⚠️ Not sent: your answer did not reach any buyer.
relay-not-sent-not-buyer = The message you replied to is not a buyer's.
relay-not-sent-too-old = The message you replied to is too old: the bot can no longer tell which buyer it came from.
relay-not-sent-how = To write to a buyer, open /chats, or reply to the buyer's latest message.
relay-not-sent-button = ✉️ Send it to { $chat }
relay-not-sent-confirm =
    Send this answer?
    To: { $chat }

    { $text }
relay-not-sent-confirm-button = ✅ Send
relay-not-sent-cancel-button = ✖️ Don't send
relay-not-sent-sent = ✓ Sent to { $chat }.
relay-not-sent-dropped = Not sent. To write to a buyer, open /chats, or reply to the buyer's latest message.
relay-not-sent-gone = This answer is no longer kept. Copy your message and send it again.
relay-not-sent-not-yours = Only the person who wrote this answer can send it.
relay-write-prompt = ✍️ Chat with the buyer of posting { $posting }: reply to this message to write to them.
relay-write-prompt-topic = ✍️ Chat with the buyer of posting { $posting }: write in this topic to reach them.
relay-write-in-group = The chat with the buyer is open in the group "{ $group }": write to the buyer there.
relay-write-placeholder = Message to the buyer
relay-answer-button = ↩️ Reply
relay-answer-prompt =
    ✍️ { $chat }
    Reply to this message with your answer to the buyer.
relay-answer-prompt-topic =
    ✍️ { $chat }
    Write your answer to the buyer in this topic.

## Postings

postings-card-title = 📦 Posting { $posting } (order { $order })
postings-card-deadline = ⏰ Pack by: { $deadline }
postings-card-delivery = 🚚 { $method } · warehouse: { $warehouse }
postings-card-product = { $index }. { $name }
    article { $article } · { $quantity } { $quantity ->
        [one] pc
       *[other] pcs
    } · { $price } each
postings-card-more = { $count ->
    [one] …and 1 more product
   *[other] …and { $count } more products
}
postings-status = { $status ->
    [awaiting_registration] awaiting registration
    [acceptance_in_progress] being accepted
    [awaiting_approve] awaiting approval
    [awaiting_packaging] awaiting packaging
    [awaiting_deliver] packed, awaiting handover
    [arbitration] in arbitration
    [client_arbitration] in delivery arbitration
    [delivering] being delivered
    [driver_pickup] with the driver
    [delivered] delivered
    [cancelled] cancelled
    [not_accepted] not accepted at the sorting centre
    [sent_by_seller] sent by the seller
   *[other] { $status }
}
postings-line = { $index }. { $posting } · by { $deadline } · { $warehouse } · { $units } { $units ->
    [one] pc
   *[other] pcs
}
postings-button-ship = 📦 Pack
postings-button-cancel = ✖️ Cancel posting
postings-button-label = 🏷 Label
postings-write-to-buyer = 💬 Write to buyer
postings-button-list = 📋 Show waiting ones
postings-button-retry = 🔁 Retry
postings-summary = { $count ->
    [one] 1 posting is waiting for packaging.
   *[other] { $count } postings are waiting for packaging.
}
postings-digest-new = 📦 New postings: { $count } (message { $part } of { $parts })
postings-digest-together = 📦 New postings: { $count }
postings-digest-reminder = { $count ->
    [one] ⏰ Packing deadline is near for 1 posting (message { $part } of { $parts })
   *[other] ⏰ Packing deadline is near for { $count } postings (message { $part } of { $parts })
}
postings-digest-hint = Tap a number to open that posting.
postings-reminder = ⏰ Posting { $posting } still awaits packaging; pack it by { $deadline }.
postings-list-title = Postings awaiting packaging: { $count }
postings-list-empty = No postings are awaiting packaging.
postings-list-ship = { $index } 📦 Pack
postings-list-card = { $index } 📋 Card
postings-list-line = { $index }. { $gist } · { $posting }
postings-list-prev = « Back
postings-list-next = Next »
postings-label-preparing = Preparing the label…
postings-label-caption = Package label of posting { $posting }
postings-label-failed = Could not get the label of posting { $posting }: { $reason }
postings-label-once = This label is already on its way. Tap again in half a minute if you need another copy.
postings-step-over = This step is over. Start again with /ship or /cancel_posting.
postings-text-empty = The text is empty. Please write it again.
postings-text-too-long = The text is too long: at most { $max } characters. Please shorten it.
postings-choose = Which posting? Tap one or type its number.
postings-choose-none-listed = No postings are awaiting packaging right now. Type a posting number, or press Close.
postings-choose-order = Order { $order } has { $count } postings awaiting packaging. Which one?
postings-order-none = No posting of order { $order } awaits packaging. Check the number and type it again.
postings-unknown = I do not know a posting "{ $posting }". Check the number and type it again.
postings-not-awaiting = Posting { $posting } is no longer awaiting packaging (status: { $status }). Choose another one.
postings-ship-how = How do you pack it?
postings-ship-one-package = One package
postings-ship-split = Split into packages
postings-ship-split-product = { $name }: { $quantity } { $quantity ->
    [one] pc
   *[other] pcs
}. How many go into each package? Type the numbers per package separated by spaces, e.g. "1 1".
postings-ship-split-invalid = Type whole numbers separated by spaces, one per package, e.g. "2 1".
postings-ship-split-sum = The numbers add up to { $sum }, but there are { $quantity } { $quantity ->
    [one] pc
   *[other] pcs
}. Please type them again.
postings-ship-marks-intro = { $count ->
    [one] Ozon needs the mandatory mark (Chestny ZNAK) of 1 unit. Scan or type the code.
   *[other] Ozon needs the mandatory marks (Chestny ZNAK) of { $count } units. Scan or type each code.
}
postings-ship-mark = Mark of { $name }, unit { $unit } of { $units }:
postings-ship-mark-duplicate = This code was already typed for unit { $unit } of { $name }. Scan the code of this unit.
postings-ship-mark-again = Type the mark of { $name }, unit { $unit } of { $units } again:
postings-ship-marks-bad = { $count ->
    [one] Ozon did not accept 1 mark:
        { $list }
        Please type it again.
   *[other] Ozon did not accept { $count } marks:
        { $list }
        Please type them again.
}
postings-ship-confirm = { $count ->
    [one] Pack posting { $posting } in 1 package?
   *[other] Pack posting { $posting } in { $count } packages?
}
postings-ship-more-lines = …and { $count } more
postings-ship-package = Package { $number }:
postings-ship-marks-count = Mandatory marks: { $count }
postings-ship-confirm-button = ✅ Pack
postings-ship-done = ✅ Posting { $posting } is packed (packages: { $numbers }). Print the label:
postings-ship-failed = ❌ Posting { $posting } was not packed: { $reason }
postings-ship-packed-by = 📦 Posting { $posting } is already packed — { $name }, { $time }. The label:
postings-ship-packed-outside = 📦 Posting { $posting } was already packed outside the bot (in the Ozon seller cabinet). The label:
postings-cancel-reason = Why are you cancelling posting { $posting }?
postings-cancel-no-reasons = Ozon offers no reason to cancel posting { $posting } now.
postings-cancel-explain = Explain the reason in a few words (up to 500 characters):
postings-cancel-confirm = Cancel posting { $posting }?
    Reason: { $reason }
    Explanation: { $explanation }

    "Close" only leaves this dialog: the posting stays.
postings-cancel-confirm-button = ✅ Yes, cancel it
postings-cancel-done = ✅ Posting { $posting } is cancelled.
postings-cancel-failed = ❌ Posting { $posting } was not cancelled: { $reason }
postings-cancel-left = You left the dialog. The posting was not cancelled.
postings-subscribed = 🔔 This chat now gets an alert for each new posting.
postings-already-subscribed = 🔔 This chat already gets posting alerts.
postings-unsubscribed = 🔕 This chat no longer gets posting alerts.
postings-not-subscribed = This chat is not subscribed to posting alerts. Subscribe with /subscribe.
postings-subscribe-group-admin-only = Only an administrator can subscribe or unsubscribe a group.
postings-warehouses-current-all = Alerts for all warehouses.
postings-warehouses-current = Alerts only for: { $names }
postings-warehouses-hint = Tap warehouses to get alerts only for them.
postings-warehouses-all = All warehouses
postings-warehouses-done = Done
postings-shop-unknown = This store is no longer connected to the bot: the button does nothing.
postings-shop-not-yours = This belongs to the store “{ $name }”, which your role does not cover.
postings-shops-current-all = Alerts for all your stores.
postings-shops-current = Alerts only for the stores: { $names }
postings-shops-hint = Tap stores to get alerts only for them; 🏭 narrows a store's alerts to some of its warehouses.
postings-shops-all = All stores
postings-shops-warehouses = 🏭 Warehouses
postings-error-ship-failed = Ozon took the request, but the posting did not move on. Try again in a minute.
postings-error-rate-limited = Ozon asks to slow down (too many requests). Try again in a minute.
postings-error-auth = Ozon refused the API key. Ask an administrator to check the Ozon settings.
postings-error-network = Ozon did not answer in time. Try again in a minute.
postings-error-input = Ozon cannot take this request as it is.
postings-error-already-shipped = Posting { $posting } is already packed.
postings-error-already-cancelled = Posting { $posting } is already cancelled.
postings-error-not-found = Ozon does not know posting { $posting }. Check the number.
postings-error-wrong-status = Posting { $posting } is not in a state that allows this any more.
postings-error-marks = Ozon did not accept the mandatory marks.
postings-error-quantity = The quantities do not match the posting.
postings-error-cancel-reason = Ozon does not accept this cancellation reason.
postings-error-unavailable = Ozon is temporarily unavailable. Try again in a few minutes.
postings-error-ozon = Ozon answered: { $message }
postings-error-unknown = Something went wrong while talking to Ozon. Try again a little later.
postings-cancelled = { $who ->
    [buyer] ❌ { $posting } cancelled by the buyer — do not ship.
    [seller] ❌ { $posting } cancelled by the seller — do not ship.
    [ozon] ❌ { $posting } cancelled by Ozon — do not ship.
    [delivery] ❌ { $posting } cancelled by the delivery service — do not ship.
   *[other] ❌ { $posting } cancelled — do not ship.
}
postings-cancelled-reason = Reason: { $reason }
postings-packed-by = ✅ { $posting } is packed — { $name }, { $time }.
postings-packed-outside = ✅ { $posting } is packed outside the bot (Ozon seller cabinet), seen { $time }.
postings-deadline-moved = ⏰ The deadline of { $posting } moved: pack by { $deadline } (was { $previous }).
postings-now-status = Posting { $posting } is no longer awaiting packaging: { $status }.

## Budget

ads-state-running = running
ads-state-planned = planned
ads-state-stopped = stopped
ads-state-inactive = inactive
ads-state-archived = archived
ads-state-moderation = in moderation
ads-state-moderation-failed = failed moderation
ads-state-other = other state
ads-campaign-line = { $number }. { $title } — { $state } — { $budget }{ $kind ->
        [weekly] {" "}a week
       *[other] {""}
    }
ads-campaigns-more = { $shown } and { $more } more
ads-budget-unset = no limit
ads-budget-choose = Choose a campaign to change its budget, daily or weekly, whichever it has. You can type part of its title to find it.
ads-budget-choose-search = Campaigns matching "{ $search }":
ads-budget-none = There are no advertising campaigns yet.
ads-search-missed = No campaigns match "{ $search }"; the list is as it was. Type another part of the title.
ads-budget-ask = Campaign "{ $title }", { $kind ->
        [weekly] weekly
       *[other] daily
    } budget now: { $current }.
    Type the new { $kind ->
        [weekly] weekly budget (for 7 days)
       *[other] daily budget
    } in roubles, for example 1500 or 1 500,50.
ads-budget-bad-number = "{ $input }" does not look like an amount. Type a number of roubles, for example 1500 or 1 500,50.
ads-budget-bad-positive = The budget must be more than zero.
ads-budget-bad-decimals = At most two decimals: budgets are counted in kopecks.
ads-budget-bad-min = Too little: the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget cannot be less than { $limit }.
ads-budget-bad-max = Too much: the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget cannot be more than { $limit }.
ads-budget-confirm = Change the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget of "{ $title }"?
    { $old } → { $new }
ads-budget-rounded = The amount was rounded to kopecks.
ads-budget-confirm-button = ✅ Change
ads-budget-other-amount-button = ✏️ Another amount
ads-back-button = « Back
ads-budget-done = Done: the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget of "{ $title }" is now { $new } (was { $old }).
ads-budget-mismatch = Ozon accepted the change but now shows { $actual } instead of { $requested }. Check again in a few minutes.
ads-budget-refused = Ozon did not accept the amount: { $message }
ads-budget-kind-unknown = Campaign "{ $title }" has neither a daily nor a weekly budget, and Ozon does not say which one it can have. Set it in Ozon's seller account; then it can be changed here.
ads-campaign-gone = This campaign is no longer in Ozon's list.
ads-dialog-over = This dialog is over. Start again: /budget or /report
ads-ozon-busy = Ozon is overloaded with requests right now. Try again in a minute.
ads-ozon-unavailable = Ozon does not answer. Try again a little later.
ads-ozon-auth = Ozon did not accept the Performance API keys. Tell the bot's administrator.
ads-ozon-refused = Ozon refused: { $message }
ads-ozon-other = Ozon could not be reached. Try again a little later.

## Reports

ads-kind-campaigns = Campaign statistics
ads-kind-phrases = Search phrases
ads-kind-attribution = Order attribution
ads-group-day = By day
ads-group-week = By week
ads-group-month = By month
ads-quick-yesterday = ⚡ Yesterday by day
ads-quick-week = ⚡ 7 days
ads-quick-month = ⚡ Month
ads-period-yesterday = Yesterday
ads-period-last-7-days = Last 7 days
ads-period-last-30-days = Last 30 days
ads-period-this-month = This month
ads-period-last-month = Last month
ads-days = { $days } d
ads-report-choose = Choose campaigns for the report (at most { $max }). Chosen: { $count }. You can type part of a title to find it.
ads-report-done-button = Done ({ $count })
ads-report-too-many = At most { $max } campaigns go into one report; this would make { $count }.
ads-report-none-chosen = Choose at least one campaign.
ads-report-period = For which period? Days are counted in the { $zone } time zone.
    Or type the dates, for example { $example }
    The ⚡ buttons go straight to the order, grouped by day; after the others I will ask how to group.
ads-period-bad-format = I did not understand the dates. Type them like this: { $example }
ads-period-bad-date = There is no such date in the calendar. Check the day and the month.
ads-period-bad-order = The period ends before it starts.
ads-period-bad-future = The period cannot end after today.
ads-period-too-long = The period is too long: { $days } days, and Ozon makes reports for at most { $max } days. For this end date the earliest start is { $earliest }.
ads-report-period-chosen = Period: { $period }.
ads-report-grouping = How should the rows be grouped?
ads-report-kind = Which report do you need?
ads-report-phrases-one = The search phrases report is made for one campaign: choose exactly one.
ads-report-no-objects = This campaign has no products, so there is no phrases report. Choose another report.
ads-report-objects = Phrases for which products (SKU)?
ads-report-objects-all = All ({ $count })
ads-report-days = Attribution window: count orders for how many days after a click?
ads-report-bad-days = The attribution window is 1 to 365 days.
ads-report-bad-request = This report cannot be ordered. Start again: /report
ads-report-confirm = Order the report?
    { $kind }
    Campaigns: { $campaigns }
    Period: { $period }
    Grouping: { $grouping }
ads-report-confirm-objects = Products: { $objects }
ads-report-confirm-days = Attribution window: { $days } days
ads-report-order-button = ✅ Order
ads-report-refused = The report was not ordered: { $reason }
ads-report-about = { $kind } · { $campaigns } · { $period }
ads-report-progress-ordered = ⏳ Report ordered; sending the request to Ozon…
    { $about }
ads-report-progress-queued = ⏳ The report is in the queue: number { $place }. Ozon prepares reports one at a time.
    { $about }
ads-report-progress-busy = ⏳ Ozon is busy with other reports of this account; the report is in the queue: number { $place }. I will ask again by myself.
    { $about }
ads-report-progress-preparing = ⏳ Ozon is preparing the report…
    { $about }
ads-report-progress-sending = 📤 The report is ready, sending the file…
    { $about }
ads-report-progress-delivered = ✅ Report sent.
    { $about }
ads-report-caption = 📊 { $about }

    { $summary }
ads-report-no-summary = No summary could be read from the file; please open it.
ads-summary-impressions = Impressions
ads-summary-clicks = Clicks
ads-summary-ctr = CTR
ads-summary-spend = Spend
ads-summary-orders = Orders
ads-summary-revenue = Revenue
ads-summary-nothing = The report has no impressions, clicks or spend.
ads-report-failed-ozon = ❌ Ozon could not prepare the report: { $message }
    { $about }
ads-report-failed-ozon-silent = ❌ Ozon could not prepare the report and gave no reason. Try ordering it again, or for another period.
    { $about }
ads-report-failed-rejected = ❌ Ozon refused the report request: { $message }
    { $about }
ads-report-failed-gave-up = ❌ The report could not be fetched: Ozon has not answered for a long time. Please order it again a little later.
    { $about }
ads-report-failed-unreadable = ❌ Ozon said the report is ready, but the file cannot be downloaded: { $message }
    { $about }
ads-report-failed-too-large = ❌ The report is ready, but Ozon's file is larger than the bot takes, and asking again brings the same file. Order it for a shorter period, for fewer campaigns, or grouped by week or month.
    { $about }
ads-report-failed-delivery = ❌ The report is ready, but the file could not be sent to Telegram. Please order it again.
    { $about }
ads-report-failed-shop-removed = ❌ The report was cancelled: its store was removed.
    { $about }
ads-report-cancelled = ❌ The report was cancelled: the store “{ $name }” was removed while the report was being prepared. If the store is added again, order the report again: /report
    { $about }
ads-report-retry-button = 🔁 Retry
ads-report-retry-gone = This report is no longer on record. Order it again: /report
ads-report-retry-not-yours = Only the person who ordered this report can retry it.
ads-report-retry-done = This report has already been ordered again.

## Stores
shop-tag = 🏬 { $name }
shop-choose = Which store?
shop-none-for-you = You have no access to any store for this. Ask an admin.
shop-gone = The store “{ $name }” was removed while this dialog was open. The dialog is closed; nothing was changed.
shop-paused = The store “{ $name }” is paused: the bot does not serve it now.
command-stores =
    .description = Ozon stores: add, rename, pause, remove
    .button = 🏬 Stores
stores-title = Ozon stores: { $count }
stores-empty = No Ozon store is connected yet.
stores-origin-env = from the configuration
stores-origin-bot = added in the bot
stores-api-seller = Seller API
stores-api-performance = Performance API
stores-keys-ok = ✅ keys work
stores-keys-refused = ❌ Ozon refuses the keys
stores-keys-unknown = ⏳ not checked yet
stores-last-ok = last success { $time }
stores-paused-mark = ⏸ paused: not polled
stores-pause-button = ⏸ Pause
stores-resume-button = ▶️ Resume
stores-remove-button = 🗑 Remove
stores-add-button = ➕ Add a store
stores-back = « Back
stores-gone = This store is no longer connected. Here is the list as it is now.
stores-from-env = “{ $name }” comes from the configuration (OZON_STORES or the OZON_… variables): remove it there. It can be paused or renamed here.
stores-pause-confirm = Pause “{ $name }”? The bot stops polling it (no alerts, no buyer messages) until you resume it.
stores-pause-yes = ⏸ Yes, pause
stores-resume-confirm = Resume “{ $name }”? The bot polls it again.
stores-resume-yes = ▶️ Yes, resume
stores-remove-confirm = Remove “{ $name }”? Its polling stops and its keys are deleted from the bot. Its records stay: adding it again picks them up.
stores-remove-yes = 🗑 Yes, remove
stores-paused = ⏸ “{ $name }” is paused.
stores-resumed = ▶️ “{ $name }” is polled again.
stores-removed = 🗑 “{ $name }” is removed.
stores-add-private = Keys are typed in a private chat only: open a private chat with me and send /stores there.
stores-add-over = This dialog is over. Open /stores to add a store.
stores-add-left = Adding the store is cancelled; nothing was saved.
stores-add-name = What should the new store be called? (at most { $max } characters, as it will head its alerts)
stores-name-empty = The name must not be empty.
stores-name-too-long = The name is { $length } characters long; at most { $max } are allowed. Please type a shorter one.
stores-name-bad-characters = The name must not contain <, > or &. Please type another one.
stores-name-taken = A store named “{ $name }” already exists. Please choose another name.
stores-add-client-id = The Client-Id of “{ $name }” (Ozon seller account → Settings → Seller API): digits, as Ozon shows it.
stores-client-id-bad = A Client-Id is 1 to 64 letters, digits, - or _. Please check and type it again.
stores-client-id-taken = This Client-Id is already connected as “{ $name }”.
stores-add-api-key = Now the Api-Key. I delete your message with it as soon as I have read it.
stores-key-bad = That does not look like a key (no spaces, at most 4096 characters). Please send it again.
stores-key-not-deleted = ⚠️ I could not delete your message with the key. Please delete it yourself.
stores-key-not-name = 🔑 That looks like an Ozon key, not a name, so I deleted the message. Keys come later, after the Client-Id.
stores-key-not-client-id = 🔑 That looks like an Api-Key, not a Client-Id, so I deleted the message: the Api-Key goes at the next step.
stores-key-not-performance-id = 🔑 That looks like a client secret, not a client id, so I deleted the message: the secret goes at the next step.
stores-key-not-new-name = 🔑 That looks like an Ozon key, not a name, so I deleted the message. A store's keys are never typed when renaming it.
stores-add-performance-id = The Performance API client id (advertising: budgets and reports), or Skip if this store does not use it.
stores-performance-id-bad = A client id has no spaces and at most 256 characters. Please type it again, or Skip.
stores-add-performance-secret = Now the Performance client secret. I delete your message with it as soon as I have read it.
stores-skip = Skip
stores-checking = ⏳ Checking the keys with Ozon…
stores-refused-seller = ❌ Ozon refused these keys (Seller API): the Client-Id and Api-Key do not belong together, or the key was revoked. Nothing was saved. Let us try again.
stores-refused-performance = ❌ Ozon refused these keys (Performance API): the client id and secret do not belong together, or the secret was revoked. Nothing was saved. Let us try again, or Skip.
stores-check-unavailable = ⚠️ I could not check the keys with Ozon now (it did not answer, or answered with an error). Nothing was saved: please try again later with /stores.
stores-added = ✅ The store “{ $name }” is added (Seller API). New postings and buyer messages of it come from now on.
stores-added-both = ✅ The store “{ $name }” is added (Seller and Performance APIs). New postings and buyer messages of it come from now on.
stores-rename-ask = The new name of “{ $name }” (at most { $max } characters):
stores-rename-confirm = Rename “{ $old }” to “{ $new }”?
stores-rename-yes = ✅ Rename
stores-rename-again = ✏️ Another name
stores-rename-over = This dialog is over. Open /stores to rename a store.
stores-renamed = ✅ “{ $old }” is now called “{ $new }”.
stores-key-in-group-deleted = ⚠️ { $name }, I deleted your message: it looked like an Ozon key. Keys are typed in a private chat with me only (/stores). If others may have seen it, issue a new key in the Ozon seller account.
stores-key-in-group-kept = ⚠️ { $name }, your message looks like an Ozon key, and I could not delete it here: please delete it now and issue a new key in the Ozon seller account. Keys are typed in a private chat with me only (/stores).
stores-health-refused-seller = ❌ Ozon refuses the Seller API keys of “{ $name }”: no alerts or buyer messages of it come until the keys work. Check them in the Ozon seller account; new keys go in the configuration, or remove the store and add it again in /stores. I will tell you when they work again.
stores-health-refused-performance = ❌ Ozon refuses the Performance API keys of “{ $name }”: budgets and reports of it do not work until the keys do. I will tell you when they work again.
stores-health-recovered-seller = ✅ The Seller API keys of “{ $name }” work again.
stores-health-recovered-performance = ✅ The Performance API keys of “{ $name }” work again.

## Today and handover
command-today =
    .description = Today's postings per warehouse and deadline
    .button = 📅 Today
command-handover =
    .description = Hand over to the courier: create the act
    .button = 🚚 Handover
today-title = 📅 To ship today
today-nothing = Nothing to ship today.
today-failed = Ozon did not give today's postings: { $reason }
today-group = { $index }. { $warehouse } · by { $cutoff }: { $total }, packed { $packed }{ $late ->
    [0] {""}
   *[other] , ⏰ late { $late }
}
today-group-title = { $warehouse } · by { $cutoff }: { $total }, packed { $packed }
today-group-more = …and { $count } more: see /postings.
today-group-gone = This group is no longer on today's board. Open /today again.
today-labels-button = 🏷 Labels of all packed ({ $count })
today-group-labels-button = 🏷 Labels of the packed ({ $count })
today-handover-button = 🚚 Handover
labels-none-packed = No packed postings to print labels for.
labels-preparing = ⏳ Asking Ozon for { $count } labels…
labels-progress = ⏳ Ozon is preparing { $count } labels: { $ready } of { $parts } parts ready.
labels-done = ✅ Labels ready: { $printed } of { $count }.
labels-unprinted-title = Ozon did not print:
labels-unprinted-line = • { $posting }: { $reason }
labels-unprinted-more = …and { $count } more.
labels-caption = 🏷 Labels: { $count }
labels-failed = Could not get the labels: { $reason }
labels-undelivered = ❌ The labels are ready, but Telegram did not take the file. Tap “Retry” to send it again.
labels-undelivered-tap = ❌ The labels are ready, but Telegram did not take the file. Tap the labels button again.
desk-file-part = { $caption } · part { $part } of { $parts }
desk-retry-button = 🔁 Retry
desk-retry-started = Sending again…
desk-retry-busy = Already being sent: it will arrive here.
desk-retry-gone = Nothing left to send here: ask again.
desk-retry-not-yours = Only the person who asked can send this again.
handover-over = This dialog is over. Start again with /handover.
handover-nothing = Nothing to hand over: no packed postings await the courier.
handover-method = Which delivery method (and warehouse)?
handover-places = How many cargo places? Type a number from 1 to { $max }, or tap “No cargo places”.
handover-no-places = No cargo places
handover-places-invalid = Please type a number from 0 to { $max }.
handover-confirm = Create the handover act for { $method }? Packed postings: { $count }. Cargo places: { $places ->
    [0] none
   *[other] { $places }
}.
handover-confirm-button = ✅ Create the act
handover-create-failed = Ozon did not create the act: { $reason }
handover-waiting = ⏳ Ozon is preparing the act…{ $polls ->
    [0] {""}
   *[other] {" "}(checked { $polls } times)
}
handover-slow = ⏳ Ozon is still preparing the act after { $minutes } min. I keep waiting and will send it here when it is ready.
handover-failed = ❌ Ozon did not prepare act { $act }: { $reason }
handover-ready = ✅ Act { $act } is ready: { $count } postings, { $method }.
handover-removed-title = Ozon left out { $count }:
handover-removed-line = • { $posting } (now: { $status })
handover-act-caption = 🚚 Handover act { $act }
handover-places-caption = 📦 Cargo place labels: { $places }
handover-undelivered = ❌ Act { $act } is ready, but Telegram did not take its documents. Tap “Retry” to send them again.
## Find
command-find =
    .description = Find a posting by its number, order number or label barcode
    .button = 🔍 Find a posting
find-prompt = Send the posting number (12345678-0001-1), the order number (12345678-0001) or the digits under the label's barcode — or a photo of the label.
find-placeholder = Number, order or barcode digits
find-not-a-number = “{ $text }” is not a posting number, an order number or barcode digits. For example: 12345678-0001-1. Send /find to try again.
find-status = Status: { $status }
find-none-posting = 🔍 No posting { $query } found.
find-none-order = 🔍 No postings of order { $query } found.
find-none-barcode = 🔍 No posting with the barcode { $query } found.
find-searched = Searched in: { $stores }.
find-more = Shown { $shown } of { $count } postings.
find-photo-no-barcode = I could not read a posting's barcode on this photo. Take it again: close to the label's lower barcode so that it fills most of the picture, with the label flat and in good light, without glare. Or type the digits printed under the barcode.
find-photo-too-big = The picture is larger than I read ({ $limit }). Take it again at a lower resolution, or type the digits printed under the barcode.
find-photo-fetch-failed = I could not get the photo from Telegram. Send it again.
## Batch labels in the background
labels-slow = ⏳ Ozon is still preparing { $count } labels after { $minutes } min ({ $ready } of { $parts } parts ready). I keep waiting and will send them here when they are ready — no need to tap again.
labels-once = These labels are already on their way: I will send them here when Ozon has them ready.
labels-not-now = The bot is restarting. Tap again in a minute.
## Labels for a chosen set
labels-pick-open-button = ☑️ Choose for labels
labels-pick-title = ☑️ Tap the postings to print: { $chosen } of { $count } chosen (at most { $max } at a time).
labels-pick-page = Page { $page } of { $pages }
labels-pick-page-button = ☑️ Whole page
labels-pick-clear-button = ✖️ Clear
labels-pick-go-button = 🏷 Labels for { $count }
labels-pick-empty = Choose at least one posting first: tap its number.
labels-pick-full = At most { $max } postings at a time. Print these, then choose the rest.
labels-pick-expired = This list is out of date. Open /today and choose again.
labels-pick-not-yours = This list was opened by someone else. Open your own from /today.
labels-pick-asked = 🏷 Labels for { $count } chosen postings: I asked Ozon, they come below.
## Cancelled after packing
postings-cancelled-packed = { $who ->
    [buyer] ❌ { $posting } was cancelled by the buyer after it was packed — do not hand it to the courier.
    [seller] ❌ { $posting } was cancelled by the seller after it was packed — do not hand it to the courier.
    [ozon] ❌ { $posting } was cancelled by Ozon after it was packed — do not hand it to the courier.
    [delivery] ❌ { $posting } was cancelled by the delivery service after it was packed — do not hand it to the courier.
   *[other] ❌ { $posting } was cancelled after it was packed — do not hand it to the courier.
}

## Buyer chats inbox
command-chats =
    .description = Buyer chats waiting for an answer
    .button = 💬 Open chats
inbox-take-button = ✋ Take it
inbox-claimed-button = ✋ { $name } is answering · till { $until }
inbox-open-posting-button = 📦 Open posting
inbox-title-waiting = 💬 Buyers waiting for an answer: { $count }
inbox-title-all = 💬 Open buyer chats: { $count }
inbox-empty-waiting = ✅ No buyer is waiting for an answer.
inbox-empty-all = No open buyer chats.
inbox-line =
    { $index }. { $mark } { $words }
       ⏱ { $waited }{ $about }{ $who }
inbox-mark-waiting = 🔴
inbox-mark-answered = ✅
inbox-line-about = { " · " }{ $about }
inbox-line-who = { " · " }✋ { $name }
inbox-words-unknown = (the buyer's words could not be read)
inbox-waited-minutes = { $count ->
    [0] just now
   *[other] { $count } min
}
inbox-waited-hours = { $count } h
inbox-waited-days = { $count } d
inbox-about-order = order { $order }
inbox-about-posting = posting { $posting }
inbox-about-sku = SKU { $sku }
inbox-open-button = { $index } 💬
inbox-prev = « Back
inbox-next = Next »
inbox-show-all = Show answered too
inbox-show-waiting = Only waiting
inbox-refresh = 🔄 Refresh
inbox-shop-failed = { $shop }: Ozon did not answer ({ $reason }); its chats are not listed.
inbox-view-title = 💬 Chat with a buyer{ $about }
inbox-view-buyer = 👤 Buyer
inbox-view-seller = 🏪 Seller
inbox-view-other = ℹ️ Ozon
inbox-view-empty = No messages yet.
inbox-view-claimed = ✋ { $name } is answering, till { $until }.
inbox-view-failed = Ozon did not give this chat's messages: { $reason }
inbox-view-files-capped = Files shown: { $shown } of { $count }.
inbox-view-file-failed = 📎 { $name }: the file could not be fetched.
inbox-answer-button = ✍️ Answer
inbox-read-button = ✔️ Mark as read
inbox-taken = ✋ The chat is yours till { $until }. Others see that you are answering.
inbox-taken-by-other = ✋ { $name } is answering already (till { $until }).
inbox-read-done = ✔️ Marked read at Ozon.
inbox-read-failed = Ozon did not mark the chat read: { $reason }
inbox-not-your-shop = Your seller role does not reach the store «{ $name }».
inbox-answered-note = ↩️ { $name } answered the buyer: «{ $words }»
inbox-answered-file = a file
inbox-card-title = 🧾 Order { $order } · { $status }
inbox-card-posting = 🧾 Posting { $posting } · { $status }
inbox-card-product = 💰 { $price } · in stock: { $stock }
inbox-card-product-nostock = 💰 { $price }
## Quick replies
command-replies =
    .description = Saved answers to buyers: list, add, edit, delete
    .button = 📝 Saved answers
quick-replies-button = 📝 Saved answer
quick-replies-no-store = There is no store with buyer chats that you answer for.
quick-replies-which-store = Saved answers of which store?
quick-replies-title = 📝 Saved answers: { $count } of { $max }
quick-replies-empty = None yet. Add the answers you write most often.
quick-replies-placeholders = Placeholders: { "{order}" } — the order number (buyer chats about an order), { "{name}" } — the buyer's name (product questions). Where Ozon gives no value, the placeholder is left out.
quick-replies-add = ➕ Add
quick-replies-add-ask = Send the text of the new saved answer (up to { $max } characters).
quick-replies-edit-ask = Send the new text of this saved answer (up to { $max } characters).
quick-replies-current = Now:
quick-replies-saved =
    ✅ Saved:
    { $text }

    /replies — all saved answers
quick-replies-dialog-over = This dialog is over. Send /replies to start again.
quick-replies-problem-empty = The text is empty. Send the text of the answer.
quick-replies-problem-too-long = The text has { $length } characters; an Ozon message holds at most { $max }. Send a shorter one.
quick-replies-problem-placeholder = I do not know the placeholder { $token }. Use { "{order}" } or { "{name}" } (or write it without braces).
quick-replies-problem-full = The store already has { $max } saved answers, the most it can keep. Delete one first.
quick-replies-gone = This saved answer is gone (deleted meanwhile).
quick-replies-delete-confirm =
    Delete this saved answer?

    { $text }
quick-replies-delete-yes = 🗑 Delete
quick-replies-delete-no = ◀️ Keep it
quick-replies-deleted = Deleted.
quick-replies-none-yet = { $name } has no saved answers yet. Add them with /replies.
quick-replies-pick = 📝 Pick a saved answer to see it before it goes:
quick-replies-offer = 📝 Or answer with a saved answer:
quick-replies-more = More…
quick-replies-preview = 👀 This goes to the buyer:
quick-replies-missing-order = ℹ️ Ozon gives no order number here: { "{order}" } is left out.
quick-replies-missing-name = ℹ️ Ozon gives no buyer's name here: { "{name}" } is left out.
quick-replies-send = 📤 Send
quick-replies-back = ◀️ Back
quick-replies-changed = This saved answer was changed meanwhile: here is the new text. Press Send again if it is right.
quick-replies-already-sent = Already sent.
quick-replies-sent-short = Sent ✅
quick-replies-sent =
    ✅ Sent to the buyer by { $who }:
    { $text }
## Product questions and reviews
questions-header = ❓ Question about a product
questions-product = 📦 { $name } · SKU { $sku }
questions-product-sku = 📦 SKU { $sku }
questions-author = 👤 { $name }
reviews-header = ⭐ Review { $stars } ({ $rating }/5)
reviews-media = 📷 Photos: { $photos }, videos: { $videos } (see them in the Ozon seller account)
reviews-no-text = (a rating without text)
questions-answer-prompt = ✍️ Reply to this message with your answer to the question. It appears on the product page.
reviews-answer-prompt = ✍️ Reply to this message with your answer to the review. It appears under the review.
questions-reply-text-only = Only text can answer a question or a review. Reply with text.
questions-answered = ✅ The answer is published.
questions-answer-too-short = The answer is too short: Ozon takes at least { $min } characters.
questions-answer-too-long = The answer is too long: Ozon takes at most { $max } characters.
questions-item-gone = I no longer know this question or review (it is older than 90 days). Answer it in the Ozon seller account.
questions-fail-premium = Ozon refused: answering questions and reviews of { $name } needs a Premium Plus subscription.
questions-premium-missing = ⚠️ { $name }: Ozon refuses product questions and reviews: the store has no Premium Plus subscription. I stopped asking for them. When the subscription is on, press the button.
questions-turn-on = 🔁 Ask for questions again
questions-turned-on = ✅ { $name }: I ask Ozon for product questions and reviews again.
questions-already-on = { $name }: questions and reviews are already being asked for.
stores-questions-off = ❓ Product questions and reviews: not asked for (no Premium Plus)

## Campaigns
command-campaigns =
    .description = Ad campaigns: state, budget, period, bids
    .button = 📣 Campaigns
campaigns-choose-store = Which store's campaigns?
campaigns-none = There are no ad campaigns yet.
campaigns-head = 📣 Campaigns: { $count }{ $pages ->
        [1] {""}
       *[other] , page { $page } of { $pages }
    }
campaigns-spend-unknown = Ozon did not give yesterday's spend just now.
campaigns-budget = { $amount } { $kind ->
        [weekly] a week
       *[other] a day
    }
campaigns-period-from = from { $date }, no end date
campaigns-period-to = until { $date }
campaigns-period-none = open-ended
campaigns-spend-short = yesterday { $amount }
campaigns-card-title = 📣 "{ $title }" (No. { $id })
campaigns-card-state = State: { $state }
campaigns-card-budget = Budget: { $budget }
campaigns-card-period = Period: { $period }
campaigns-card-spend = Spent yesterday: { $amount }
campaigns-stores-button = « Stores
campaigns-pause-button = ⏸ Pause
campaigns-resume-button = ▶️ Resume
campaigns-budget-button = 💰 Budget
campaigns-period-button = 📅 Period
campaigns-report-button = 📊 Report
campaigns-bids-button = 🎯 Bids
campaigns-refresh-button = 🔄 Refresh
campaigns-list-button = « Back to list
campaigns-pause-confirm-button = ✅ Yes, pause
campaigns-resume-confirm-button = ✅ Yes, resume
campaigns-back-to-card-button = « Back to campaign
campaigns-not-yours = Someone else opened these buttons. Open your own list: /campaigns
campaigns-shop-gone = This store is no longer in the bot. Open /campaigns again.
campaigns-toggle-not-now = The campaign is { $state } now: it cannot be paused or resumed here.
campaigns-pause-ask = Pause the campaign "{ $title }"? Now: { $state }. Its ads stop showing until you resume it.
campaigns-resume-ask = Resume the campaign "{ $title }"? Now: { $state }.
campaigns-toggled = ✅ "{ $title }": { $old } → { $new }
campaigns-changed-meanwhile = The campaign changed while you were deciding: it is { $state } now. I changed nothing.
campaigns-report-for = A report on the campaign "{ $title }".
campaigns-bids-head = 🎯 Bids per click — "{ $title }", page { $page }
campaigns-bid-line = { $number }. { $title } (SKU { $sku }) — { $bid }
campaigns-bid-none = set by Ozon
campaigns-bids-empty = The campaign has no products.
campaigns-bids-hint = Tap a product to change its bid.
campaigns-bids-not-products = This campaign has no product bids: it is not a pay-per-click product campaign.
campaigns-bids-pay-per-order = This is a pay-per-order campaign: Ozon changes its bids elsewhere, they cannot be changed here.
campaigns-bids-auto = The campaign has an automatic strategy ({ $strategy }): Ozon sets its bids and does not take them by hand.
campaigns-period-ask = Campaign "{ $title }", period now: { $current }.
    Type the new period, for example 01.12.2026-31.12.2026, or only the end date (31.12.2026). Or tap "No dates".
campaigns-period-bad-format = "{ $input }" does not look like a period. Type it like 01.12.2026-31.12.2026 or 31.12.2026.
campaigns-period-bad-past = The end date has passed: the campaign would end at once. Type a date from today on.
campaigns-period-unlimited-button = ♾ No dates
campaigns-period-confirm = Change the period of the campaign "{ $title }"?
    { $old } → { $new }
campaigns-period-confirm-button = ✅ Change
campaigns-period-other-button = ✏️ Other dates
campaigns-period-refused = Ozon did not accept the dates: { $message }
campaigns-period-done = Done: the period of the campaign "{ $title }" is now { $new } (was { $old }).
campaigns-period-mismatch = Ozon accepted the change but shows other dates than you asked for ({ $requested }). Check again in a few minutes.
campaigns-bid-bad-number = "{ $input }" does not look like an amount. Type the bid in roubles, for example 12 or 12.50.
campaigns-bid-bad-positive = The bid must be above zero.
campaigns-bid-bad-decimals = At most two decimals: bids are counted in kopecks.
campaigns-bid-bad-min = Too little: the bid cannot be less than { $limit }.
campaigns-bid-bad-max = Too much: the bid cannot be more than { $limit }.
campaigns-bid-product-gone = This product is no longer in the campaign. Open the bids again.
campaigns-bid-ask = "{ $name }" (SKU { $sku }) in the campaign "{ $title }": bid per click now { $current }.
    Type the new bid in roubles (from { $min } to { $max }).
campaigns-bid-competitive = Ozon's competitive bid: { $bid }.
campaigns-bid-confirm = Change the bid per click of "{ $name }" (SKU { $sku })?
    { $old } → { $new }
campaigns-bid-confirm-button = ✅ Change
campaigns-bid-other-button = ✏️ Other bid
campaigns-bid-refused = Ozon did not accept the bid: { $message }
campaigns-bid-done = Done: the bid per click of "{ $name }" (SKU { $sku }) is now { $new } (was { $old }).
campaigns-bid-mismatch = Ozon accepted the change but shows another bid than you asked for ({ $requested }). Check again in a few minutes.
campaigns-dialog-over = This dialog is over. Open the campaign again: /campaigns

## Scheduled reports (/schedule)
command-schedule =
    .description = Reports on a schedule and the daily digest
    .button = 🗓 Schedule
schedule-list = 🗓 Scheduled reports: { $count } of { $max }. Times are in { $zone }.
schedule-list-group = 🗓 Scheduled reports to this group: { $count } (each administrator can keep up to { $max } in all). Times are in { $zone }.
schedule-none = None yet. Tap “➕ New schedule”.
schedule-new-button = ➕ New schedule
schedule-pause-button = ⏸ Pause
schedule-resume-button = ▶️ Resume
schedule-delete-button = 🗑 Delete
schedule-delete-yes-button = 🗑 Yes, delete
schedule-back-button = « Back
schedule-save-button = ✅ Save
schedule-delete-confirm = Delete this schedule? Its reports will stop coming.
schedule-deleted = 🗑 Schedule deleted.
schedule-paused = ⏸ Schedule paused: no reports until you resume it.
schedule-resumed = ▶️ Schedule resumed.
schedule-saved = ✅ Schedule saved.
schedule-limit = You cannot keep more than { $max } schedules. Delete one you no longer need and try again.
schedule-group-not-admin = Only an administrator of this group can set up scheduled reports to it. Send me /schedule in a private chat to get reports yourself.
schedule-choose-campaigns = Which campaigns go into the report (at most { $max })? Chosen: { $count }. You can type part of a title to find it.
schedule-period = Which period should each report cover? Days are counted back from the moment it is sent.
schedule-period-last-month = Previous calendar month
schedule-format = Which file format?
schedule-format-csv = CSV
schedule-format-xlsx = Excel (XLSX)
schedule-every = How often?
schedule-every-day = Every day
schedule-every-week = Once a week
schedule-every-month = Once a month
schedule-weekday = On which day of the week?
schedule-weekday-1 = Mon
schedule-weekday-2 = Tue
schedule-weekday-3 = Wed
schedule-weekday-4 = Thu
schedule-weekday-5 = Fri
schedule-weekday-6 = Sat
schedule-weekday-7 = Sun
schedule-every-weekday-1 = every Monday
schedule-every-weekday-2 = every Tuesday
schedule-every-weekday-3 = every Wednesday
schedule-every-weekday-4 = every Thursday
schedule-every-weekday-5 = every Friday
schedule-every-weekday-6 = every Saturday
schedule-every-weekday-7 = every Sunday
schedule-day = On which day of the month? Type a number from 1 to 31. When a month has no such day (the 31st, say), the report comes on its last day.
schedule-day-bad = I need a number from 1 to 31, such as 1 or 15.
schedule-time = At what time? Type it as HH:MM, for example 09:00 (time zone { $zone }).
schedule-time-bad = I did not understand the time. Type it like 09:00 or 18:30.
schedule-confirm = Save the schedule?
schedule-rule-day = every day at { $time }
schedule-rule-week = { $weekday } at { $time }
schedule-rule-month = every month on day { $day } at { $time }
schedule-rule-month-short = (on the last day in shorter months)
schedule-report = 📊 { $campaigns } · { $period } · { $grouping } · { $format }
schedule-to-me = 📬 To you in a private chat
schedule-to-group = 📬 To the group “{ $title }”
schedule-owner = 👤 Set up by { $name }
schedule-next = Next report: { $at } ({ $zone })
schedule-paused-line = ⏸ Paused
schedule-paused-for = ⏸ Paused: { $reason }
schedule-failed = ⚠️ A scheduled report did not come out.
    🗓 { $rule }
    { $report }
    Reason: { $reason }
    { $next }
schedule-failed-retrying = I will try once more in { $minutes } min.
schedule-failed-next = The next try is the next scheduled one, { $at }.
schedule-failed-shop-gone = the store was removed from the bot or no longer has Performance API keys.
schedule-failed-ozon = Ozon could not build the report: “{ $message }”.
schedule-failed-ozon-silent = Ozon could not build the report and gave no reason.
schedule-failed-error = an internal error of the bot; it is in the log.
schedule-stopped = ⏸ I paused your scheduled report.
    🗓 { $rule }
    { $report }
    { $where }
    Reason: { $reason }
    Nothing more goes out until you resume it in /schedule.
schedule-stopped-no-access = you no longer have access to this store's reports.
schedule-stopped-not-admin = you are no longer an administrator of that group.
schedule-stopped-bot-gone = I am no longer in that group.
digest-button-off = 🗞 Daily digest: off
digest-button-on = 🗞 Daily digest: at { $time }
digest-about = 🗞 Daily digest: every day at the time you choose (time zone { $zone }) — yesterday's orders and revenue per store, the ad spend and what it brought.
digest-state-on = Now: on, comes at { $time }.
digest-state-off = Now: off.
digest-turn-on-button = ✅ Turn on
digest-turn-off-button = 🔕 Turn off
digest-time-button = 🕘 Change the time
digest-turned-on = ✅ The digest will come every day at { $time }.
digest-turned-off = 🔕 The digest is off.
digest-time-ask = At what time should the digest come? Type it as HH:MM, for example 09:00 (time zone { $zone }).
digest-title = 🗞 Digest for { $day }
digest-no-stores = No stores you can reach as a manager.
digest-sales = 🛒 Ordered: { $units } units for { $revenue }
digest-sales-none = 🛒 Orders: the store has no Seller API keys.
digest-sales-failed = 🛒 Orders: Ozon did not answer ({ $reason }).
digest-ads = 📣 Ads: spent { $spend }; orders from ads: { $orders } for { $revenue }
digest-ads-share = (ad cost share { $share } %)
digest-ads-none = 📣 Ads: the store has no Performance API keys.
digest-ads-failed = 📣 Ads: Ozon did not answer ({ $reason }).
digest-decimal = .

## Phone-first polish: cards and dialogs (issue 17)
dialog-left = You left the dialog. Nothing was changed.
postings-button-quick-pack = ⚡ Pack in 1 box
postings-quick-packing = Packing in 1 box…
postings-quick-busy = This posting is being packed already. Please wait a moment.
dialog-none = No dialog is open: there is nothing to leave.

## Report charts and XLSX
report-chart-title = Spend and orders by day
report-chart-title-clicks = Spend and clicks by day
report-chart-title-spend = Spend by day
report-chart-spend = Spend, ₽
report-chart-orders = Orders
report-chart-clicks = Clicks
report-chart-others = Others
report-chart-caption = 📈 { $title } · { $period }
report-xlsx-button = 📊 Get it as XLSX
report-xlsx-caption = 📊 { $about } (XLSX)
report-xlsx-total = Total
report-xlsx-expired = The XLSX of this report can no longer be built: reports are kept { $days } days. Order it again with the button below.
report-xlsx-reorder-button = 🔁 Order again (XLSX)
report-xlsx-not-yours = This button is for the person who ordered the report.
report-xlsx-gone = This report is no longer on record. Order it again: /report
report-xlsx-too-large = The report is too large for XLSX ({ $rows } rows, at most { $max }). Please open the CSV.
report-xlsx-failed = The XLSX could not be built. Please open the CSV or try later.
report-xlsx-reordered = 🔁 Report ordered again; it will come as XLSX.
report-format-csv-button = CSV
report-format-xlsx-button = XLSX
report-format-chosen = File: { $format }

## Questions: answered and processed (who did it, for the other sellers)
questions-processed-button = ✔️ Processed
questions-processed-ok = ✔️ The question is marked processed at Ozon.
questions-processed-failed = Ozon did not take the "processed" mark for the question of { $name }. Try again later or mark it in the Ozon seller account.
questions-processed-done-button = ✔️ Processed ({ $name }) · answer anyway
questions-processed-note = ✔️ { $name } marked the question processed without an answer. You can still answer: reply to the message.
questions-answered-button = ↩️ { $name } answered · answer again
reviews-answered-button = ↩️ { $name } answered · answer again
questions-answered-note = ↩️ { $name } answered the question: «{ $words }»
reviews-answered-note = ↩️ { $name } answered the review: «{ $words }»
## QA walkthrough
postings-ship-done-one = ✅ Posting { $posting } is packed. Print the label:

## Chat view in place of /chats
chat-view-back-button = « Back to list
chat-view-files-button = 📎 Files ({ $count })
chat-view-files-sending = 📎 Sending the files…
chat-view-files-none = 📎 The chat's last messages have no files.
chat-view-files-private = 📎 The files could not be sent to you: open a private chat with the bot first.
## Report texts: values inside a sentence
ads-group-day-value = by day
ads-group-week-value = by week
ads-group-month-value = by month
schedule-period-yesterday-value = yesterday
schedule-period-last-7-days-value = last 7 days
schedule-period-last-30-days-value = last 30 days
schedule-period-last-month-value = previous calendar month
ads-campaign-quoted = "{ $title }"
