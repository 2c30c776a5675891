command-returns =
    .description = Returns: on the way, awaiting pickup, rFBS requests
    .button = ↩️ Returns
returns-title = ↩️ Returns
returns-no-stores = No store with Seller API keys whose returns you may see.
returns-alert-on-way = ↩️ A return is on its way to your warehouse
returns-alert-pickup = 📬 A return is waiting for pickup
returns-posting = Posting: { $posting }
returns-product = Product: { $name } × { $quantity }
returns-reason = Reason: { $reason }
returns-place = Where: { $place }
returns-since = Since { $time }
returns-rfbs-new = 🆕 rFBS return request No. { $number }
returns-rfbs-card = ↩️ rFBS return request No. { $number }
returns-rfbs-product = Product: { $name } — { $price } { $currency }
returns-comment = Buyer's comment: “{ $comment }”
returns-state = Status: { $state }
returns-deadline = ⏰ Decide by { $time }
returns-rfbs-nothing-to-do = Ozon expects no decision from you on this request now.
returns-decision-approve = ✅ Approve
returns-decision-reject = ❌ Reject
returns-decision-compensate = 💸 Partial refund
returns-decision-receive = 📦 Product received
returns-decision-return_money = 💰 Return the money
returns-list-empty = No open returns.
returns-list-pickup = 📬 Waiting for pickup: { $count }
returns-list-on-way = ↩️ On the way to you: { $count }
returns-list-line = • { $posting } — { $name } (since { $time })
returns-list-more = …and { $count } more
returns-list-rfbs = 🆕 rFBS requests: { $count }
returns-list-rfbs-line = • No. { $number }, { $posting } — { $state }
returns-open-button = Request No. { $number }
returns-switch-on = 🔔 Send returns here
returns-switch-off = 🔕 Stop sending returns here
returns-switched-on = Returns and rFBS requests now come to this chat.
returns-switch-admins = In a group, only a bot admin turns returns alerts on or off.
returns-not-your-store = This store is not one of yours.
returns-switched-off = Returns no longer come here.
returns-dialog-over = This decision is closed. Open the request again in /returns.
returns-dialog-left = Nothing decided; the request stays as it was.
returns-shop-unknown = This store is no longer in the bot.
returns-decision-unavailable = Ozon does not allow “{ $decision }” on this request now. What you can do:
returns-confirm-button = Yes, { $decision }
returns-already = Already decided: { $name } — “{ $decision }”.
returns-failed = It did not work: { $reason }
    The request stays as it was; you can try again.
returns-done-approve = ✅ Request No. { $number } approved. The buyer will send the product; when it arrives, press “📦 Product received”.
returns-done-receive = 📦 Receipt confirmed. Check the product, then return the money, a part of it, or reject the request.
returns-done-return_money = 💰 The price ({ $price } { $currency }) is being returned to the buyer. The request is closed.
returns-done-compensate = 💸 { $amount } { $currency } is being returned to the buyer, who keeps the product. The request is closed.
returns-done-reject = ❌ Request No. { $number } rejected: { $reason }. The buyer may open a dispute with Ozon.
returns-confirm-approve = Approve request No. { $number }?
    Next: the buyer sends the product to you; when it arrives, confirm receipt and check it.
returns-confirm-receive = Confirm that the product of request No. { $number } has arrived?
    Next: check it, then return the money, a part of it, or reject the request.
returns-confirm-return_money = Return the full price { $price } { $currency } to the buyer for request No. { $number }?
    Next: Ozon refunds the buyer and the request closes.
returns-confirm-compensate = Refund { $amount } { $currency } of { $price } { $currency } to the buyer for request No. { $number }?
    Next: the buyer keeps the product and the request closes.
returns-confirm-reject = Reject request No. { $number }?
    Reason: { $reason }
    Comment: { $comment }
    Next: the buyer sees the refusal and may open a dispute with Ozon.
returns-ask-amount = How much to refund for request No. { $number }? The product's price is { $price } { $currency }. Write the amount, e.g. 150 or 150.50.
returns-amount-not_a_number = That is not an amount. Write a number, e.g. 150 or 150.50.
returns-amount-too_many_decimals = At most two digits after the point (kopecks).
returns-amount-not_positive = The amount must be above zero.
returns-amount-too_long = Too long for an amount.
returns-amount-not-below-price = A partial refund must be below the product's price ({ $price } { $currency }). To refund all of it, use “💰 Return the money”.
returns-no-reasons = Ozon gave no reasons to reject this request.
returns-ask-reason = Why do you reject request No. { $number }?
returns-ask-comment = Explain the reason to the buyer (up to 500 characters):
returns-comment-empty = Write at least a few words.
returns-comment-long = Too long: at most { $max } { $max ->
    [one] character
   *[other] characters
}.
returns-ozon-refused = Ozon refused: { $reason }
returns-ozon-keys = Ozon did not accept the store's keys. Check them in /stores.
returns-ozon-unavailable = Ozon is not answering now. Try again a little later.
