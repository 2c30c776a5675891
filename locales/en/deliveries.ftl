## The seller's own deliveries

command-deliveries =
    .description = Your own deliveries on their way: by status, oldest first
    .button = 🚚 Deliveries
command-track =
    .description = Tracking numbers as lines “posting number — tracking number”
    .button = 🔢 Tracking numbers
command-dispute =
    .description = Open a dispute about a delivered or cancelled posting
    .button = ⚖️ Dispute
deliveries-status = { $status ->
    [awaiting_deliver] packed, not yet handed to delivery
    [delivering] delivering
    [driver_pickup] last mile (courier on the way)
    [delivered] delivered
    [cancelled] cancelled
    [arbitration] dispute open
    [client_arbitration] buyer's delivery arbitration
    [awaiting_packaging] waiting to be packed
   *[other] { $status }
}
deliveries-card-title = 🚚 Own delivery · { $posting }
deliveries-card-title-posting = 📦 Posting { $posting }
deliveries-card-status = Status: { $status }
deliveries-card-tracking = 🔢 Tracking number: { $tracking }
deliveries-card-no-tracking = 🔢 No tracking number
deliveries-card-method = Delivery method: { $method }
deliveries-card-more = …and { $count } more products
deliveries-card-last = Last step: { $step } — { $name }, { $at }
deliveries-button-open = 🚚 Delivery
deliveries-button-tracking = 🔢 Tracking number
deliveries-button-delivering = 🚚 Delivering
deliveries-button-last-mile = 📍 Last mile
deliveries-button-delivered = ✅ Delivered
deliveries-button-list-delivered = ✅ { $number }
deliveries-button-dispute = ⚖️ Dispute
deliveries-button-refresh = 🔄 Refresh
deliveries-button-yes = ✅ Yes, mark it
deliveries-button-back = « Back
deliveries-button-apply = ✅ Apply
deliveries-button-drop = ✖️ Don't apply
deliveries-step-delivering = “Delivering”
deliveries-step-last-mile = “Last mile”
deliveries-step-delivered = “Delivered”
deliveries-step-dispute = dispute
deliveries-confirm-delivering = Mark posting { $posting } as “Delivering”?
    Ozon will show the buyer that the order was handed to delivery.
deliveries-confirm-last-mile = Mark posting { $posting } as “Last mile”?
    Ozon will show the buyer that the courier is bringing the order.
deliveries-confirm-delivered = Mark posting { $posting } as “Delivered”?
    The order will count as handed to the buyer; the status cannot be taken back.
deliveries-confirm-dispute = Open a dispute about posting { $posting }?
    Ozon starts an arbitration: the posting moves to “arbitration” and Ozon's support looks into what happened to the delivery. The dispute cannot be withdrawn from the bot.
deliveries-dispute-usage = Send the posting number after /dispute, for example:
    /dispute 12345678-0001-1
deliveries-dispute-sellers = Disputes are opened by sellers and administrators.
deliveries-not-yours = This confirmation belongs to whoever opened it. Tap the step on the card yourself.
deliveries-working = Sending to Ozon…
deliveries-refused = Ozon did not accept the step { $step } for { $posting }: { $reason }
deliveries-refused-no-words = Ozon gave no reason.
deliveries-failed = The step { $step } for { $posting } was not done: { $reason }
deliveries-done-by = { $name } already marked the step { $step }, { $at }.
deliveries-doing-by = { $name } is marking the step { $step } now (since { $at }).
deliveries-doing = The step { $step } is being marked already.
deliveries-tracking-hint = Type the tracking number of posting { $posting } in your next message, or send a photo of the carrier's barcode.
    A command works too: /track { $posting } — TRACKING-NUMBER (several: a line each).
deliveries-tracking-bad = “{ $text }” does not look like a tracking number: 4–40 Latin letters, digits and dashes. Type it again.
deliveries-tracking-no-barcode = No tracking number barcode was found in the photo. Type the number, or send a sharper photo.
deliveries-shop-unknown = This store is no longer in the bot.
deliveries-shop-not-yours = The store “{ $name }” is not yours to work with.
deliveries-no-shops = There are no stores where you work with deliveries.
deliveries-list-title = 🚚 Own deliveries on their way: { $count }
deliveries-list-empty = No own deliveries on their way.
deliveries-list-hint = ✅ N marks posting N “Delivered” (after you confirm); a number opens its card.
deliveries-list-not-yours = These pages turn for whoever opened the list. Send /deliveries to see yours.
deliveries-list-failed = Store “{ $name }”: deliveries not read. { $reason }
deliveries-track-usage = After /track send lines “posting number — tracking number”, for example:
    /track 12345678-0001-1 — RA123456789RU
deliveries-track-too-many = Too many lines: at most { $max } at once.
deliveries-preview-title = { $count ->
    [one] Tracking number for 1 posting:
   *[other] Tracking numbers for { $count } postings:
}
deliveries-preview-bad = Lines with mistakes ({ $count }) — they will not be sent:
deliveries-preview-hint = Tap “✅ Apply” to send them to Ozon.
deliveries-bad-format = line { $line }: “{ $text }” — not “number — tracking number”
deliveries-bad-posting = line { $line }: “{ $text }” — not a posting number
deliveries-bad-tracking = line { $line }: “{ $text }” — a tracking number is 4–40 Latin letters, digits and dashes
deliveries-bad-repeated = line { $line }: “{ $text }” — this posting is above already
deliveries-batch-gone = These tracking numbers were sent already or are too old.
deliveries-batch-not-yours = This list of tracking numbers is someone else's.
deliveries-batch-dropped = The tracking numbers were not sent.
deliveries-applied-title = Tracking numbers taken: { $done } of { $total }.
deliveries-applied-refused = ✖️ { $posting }: { $reason }
