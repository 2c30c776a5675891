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
relay-reply-not-your-shop = Not sent: your { role-seller } role does not cover the store “{ $name }”. Ask an admin.
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
