## Buyer chats

relay-header-buyer = 💬 Buyer
relay-header-same-buyer = ↪ Same buyer
relay-header-order = order { $order }
relay-header-posting = posting { $posting }
relay-header-sku = SKU { $sku }
relay-header-chat = chat { $chat }
relay-header-product = 📦 { $name }
relay-order-link-button = 🔗 Order in Ozon
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
relay-fail-partial = Part of the message did reach the buyer: { $sent } of { $total } { $total ->
    [one] part
   *[other] parts
}.
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
relay-answer-button = ✍️ Answer
relay-answer-prompt =
    ✍️ { $chat }
    Write your answer: it goes to the buyer.
relay-answer-prompt-topic =
    ✍️ { $chat }
    Write your answer to the buyer in this topic.

## Buyer chats inbox
command-chats =
    .description = Buyer chats waiting for an answer
    .button = 💬 Open chats
inbox-take-button = ✋ Take it
inbox-claimed-button = ✋ { $name } is answering · till { $until }
inbox-claimed-mine-button = ✋ You are answering till { $until }
inbox-release-button = Let go
inbox-released = The chat is free again.
inbox-not-yours = This chat is not yours now.
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
inbox-line-who-mine = { " · " }✋ you are answering
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
inbox-view-claimed-mine = ✋ You are answering till { $until }.
inbox-view-failed = Ozon did not give this chat's messages: { $reason }
inbox-view-files-capped = Files shown: { $shown } of { $count }.
inbox-view-file-failed = 📎 { $name }: the file could not be fetched.
inbox-answer-button = ✍️ Answer
inbox-read-button = ✔️ Mark as read
inbox-taken = ✋ The chat is yours till { $until }. Others see that you are answering.
inbox-taken-by-other = ✋ { $name } is answering already (till { $until }).
inbox-read-done = ✔️ Marked as read in Ozon.
inbox-read-failed = Ozon did not mark the chat read: { $reason }
inbox-not-your-shop = Your seller role does not reach the store «{ $name }».
inbox-answered-note = ↩️ { $name } answered the buyer: «{ $words }»
inbox-answered-file = a file
inbox-card-title = 🧾 Order { $order }
inbox-card-posting = 🧾 Posting { $posting }
inbox-order-status = { $status ->
    [awaiting_registration] awaiting registration
    [acceptance_in_progress] being accepted
    [awaiting_approve] awaiting approval
    [awaiting_packaging] waiting to be packed
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

## Quick replies
command-replies =
    .description = Saved answers to buyers: list, add, edit, delete
    .button = 📝 Saved answers
quick-replies-button = 📝 Saved answer
quick-replies-no-store = There is no store with buyer chats that you answer for.
quick-replies-which-store = Saved answers of which store?
quick-replies-title = 📝 Saved answers: { $count } of { $max }
quick-replies-empty = None yet. Add the answers you write most often.
quick-replies-placeholders = Placeholders: { "{order}" } — the order number (buyer chats about an order), { "{name}" } — the buyer's name (product questions). If Ozon did not give the number or the name, the answer goes without it.
quick-replies-add = ➕ Add
quick-replies-add-ask = Send the text of the new saved answer (up to { $max } { $max ->
    [one] character
   *[other] characters
}).
quick-replies-edit-ask = Send the new text of this saved answer (up to { $max } { $max ->
    [one] character
   *[other] characters
}).
quick-replies-current = Now:
quick-replies-saved =
    ✅ Saved:
    { $text }

    /replies — all saved answers
quick-replies-dialog-over = This dialog is over. Send /replies to start again.
quick-replies-problem-empty = The text is empty. Send the text of the answer.
quick-replies-problem-too-long = The text has { $length } { $length ->
    [one] character
   *[other] characters
}; an Ozon message holds at most { $max }. Send a shorter one.
quick-replies-problem-placeholder = I do not know the placeholder { $token }. Use { "{order}" } or { "{name}" } (or write it without braces).
quick-replies-problem-full = The store already has { $max } { $max ->
    [one] saved answer
   *[other] saved answers
}, the most it can keep. Delete one first.
quick-replies-gone = This saved answer is gone (deleted meanwhile).
quick-replies-delete-confirm =
    Delete this saved answer?

    { $text }
quick-replies-delete-yes = 🗑 Delete
quick-replies-delete-no = ◀️ Keep it
quick-replies-deleted = Deleted.
quick-replies-none-yet = { $name } has no saved answers yet. Add them with /replies.
quick-replies-pick = 📝 Choose a saved answer to see it before it goes:
quick-replies-pick-send = 📝 Tap a number: that answer goes to the buyer at once:
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
questions-answer-too-short = The answer is too short: Ozon takes at least { $min } { $min ->
    [one] character
   *[other] characters
}.
questions-answer-too-long = The answer is too long: Ozon takes at most { $max } { $max ->
    [one] character
   *[other] characters
}.
questions-item-gone = I no longer know this question or review (it is older than 90 days). Answer it in the Ozon seller account.
questions-fail-premium = Ozon refused: answering product questions of { $name } needs a Premium Plus subscription.
questions-premium-missing = ⚠️ { $name }: Ozon refuses product questions: the store has no Premium Plus subscription. I stopped asking for questions and reviews. When the subscription is on, press the button.
reviews-fail-subscription = Ozon refused: answering reviews of { $name } needs the «Управление отзывами» (review management) or Premium Pro subscription.
reviews-subscription-missing = ⚠️ { $name }: Ozon refuses reviews: they need the «Управление отзывами» (review management) or Premium Pro subscription, which the store does not have. I stopped asking for questions and reviews. When the subscription is on, press the button.
questions-turn-on = 🔁 Ask for questions again
questions-turned-on = ✅ { $name }: I ask Ozon for product questions and reviews again.
questions-already-on = { $name }: questions and reviews are already being asked for.
stores-questions-off = ❓ Product questions and reviews: not asked for (no Premium Plus for questions)
stores-reviews-off = ❓ Product questions and reviews: not asked for (no «Управление отзывами» or Premium Pro for reviews)

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

## Chat view in place of /chats
chat-view-whole-button = 📜 The whole chat
chat-view-back-button = « Back to list
chat-view-files-button = 📎 Files ({ $count })
chat-view-files-sending = 📎 Sending the files…
chat-view-files-none = 📎 The chat's last messages have no files.
chat-view-files-private = 📎 The files could not be sent to you: open a private chat with the bot first.
