command-returns =
    .description = Returns: on the way, awaiting pickup, rFBS requests
    .button = ↩️ Returns
returns-title = ↩️ Returns
returns-no-stores = No store with Seller API keys whose returns you may see.
returns-alert-on-way = ↩️ A return is on its way to your warehouse
returns-alert-pickup = 📬 A return is waiting for pickup
returns-posting = Posting: { $posting }
returns-product = Product: { $name } — { $quantity } { $quantity ->
    [one] pc
   *[other] pcs
}
returns-reason = Reason: { $reason }
returns-place = Where: { $place }
returns-since = Since { $time }
returns-rfbs-new = 🆕 rFBS return request No. { $number }
returns-rfbs-card = ↩️ rFBS return request No. { $number }
returns-rfbs-product = Product: { $name } — { $price }
returns-comment = Buyer's comment: “{ $comment }”
returns-state = Status: { $state }
returns-deadline = ⏰ Decide by { $time }
returns-rfbs-nothing-to-do = Ozon expects no decision from you on this request now.
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
returns-action-compensate = 💸 { $name }: part of the money back, the buyer keeps the goods
returns-action-reject = ✖️ { $name }: no money back
returns-action-unnamed = Ozon action { $id }
returns-action-unavailable = This card is out of date: Ozon no longer offers that action on the request. Here it is as it is now:
returns-card-outdated = This card's buttons are from an older version of the bot. Here is the request as it is now, with the actions Ozon offers:
returns-confirm-other = “{ $action }” for request No. { $number }?
    The bot sends this action to Ozon as Ozon names it.
returns-done-other = ✅ Request No. { $number }: Ozon took “{ $action }”.
returns-reason-hint = Ozon's hint: { $hint }
returns-confirm-button = Yes, send it to Ozon
returns-already = Already decided: { $name } — “{ $action }”.
returns-failed = It did not work: { $reason }
    The request stays as it was; you can try again.
returns-done-compensate = 💸 “{ $action }”: { $amount } is being returned to the buyer, who keeps the product.
returns-done-reject = ❌ Request No. { $number }: “{ $action }”, reason: { $reason }. The buyer may open a dispute with Ozon.
returns-confirm-compensate = “{ $action }” for request No. { $number }?
    The buyer gets { $amount } of { $price } back and keeps the product.
returns-confirm-reject = “{ $action }” for request No. { $number }?
    Reason: { $reason }
    Comment: { $comment }
    The buyer sees the refusal and may open a dispute with Ozon.
returns-ask-amount = “{ $action }” for request No. { $number }: how much to return to the buyer? The product's price is { $price }. Write the amount, e.g. 150 or 150.50.
returns-amount-not_a_number = That is not an amount. Write a number, e.g. 150 or 150.50.
returns-amount-too_many_decimals = At most two digits after the point (kopecks).
returns-amount-not_positive = The amount must be above zero.
returns-amount-too_long = Too long for an amount.
returns-amount-not-below-price = A partial compensation must be below the product's price ({ $price }). To return all of it, choose Ozon's full refund on the card if it offers one.
returns-price-unreadable = The product's price for request No. { $number } could not be read (Ozon sent “{ $price }”), and a partial compensation must be below it. Set the amount in the Ozon seller account.
returns-list-not-yours = These pages turn for whoever opened the list. Send /returns to see yours.
returns-no-reasons = Ozon gave no reasons to reject request No. { $number }: reject it in the Ozon seller account.
returns-ask-reason = “{ $action }” for request No. { $number }: choose Ozon's reason.
returns-ask-comment = Reason: { $reason }. Ozon requires a comment to the buyer: write it (up to { $max } { $max ->
    [one] character
   *[other] characters
}).
returns-comment-empty = Write at least a few words.
returns-comment-long = Too long: at most { $max } { $max ->
    [one] character
   *[other] characters
}.
returns-ozon-refused = Ozon refused: { $reason }
returns-ozon-keys = Ozon did not accept the store's keys. Check them in /stores.
returns-ozon-unavailable = Ozon is not answering now. Try again a little later.
