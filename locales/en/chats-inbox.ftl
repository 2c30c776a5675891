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
inbox-not-your-shop = Your { role-seller } role does not reach the store «{ $name }».
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

## Chat view in place of /chats

chat-view-whole-button = 📜 The whole chat
chat-view-back-button = « Back to list
chat-view-files-button = 📎 Files ({ $count })
chat-view-files-sending = 📎 Sending the files…
chat-view-files-none = 📎 The chat's last messages have no files.
chat-view-files-private = 📎 The files could not be sent to you: open a private chat with the bot first.
