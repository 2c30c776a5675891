## Postings

postings-card-title = 📦 Posting { $posting } (order { $order })
postings-card-deadline = ⏰ Pack by: { $deadline }
postings-card-delivery = 🚚 { $method }
postings-card-warehouse = 🏬 { $warehouse }
postings-card-product = { $index }. { $name } — { $quantity } { $quantity ->
        [one] pc
       *[other] pcs
    }
    item code { $article } · { $price } each
postings-card-more = { $count ->
    [one] …and 1 more product
   *[other] …and { $count } more products
}
postings-status = { $status ->
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
postings-line = { $index }. { $posting } · by { $deadline } · { $warehouse } · { $units } { $units ->
    [one] pc
   *[other] pcs
}
postings-button-ship = 📦 Pack
postings-button-cancel = ✖️ Cancel posting
postings-button-label = 🏷 Label
postings-write-to-buyer = 💬 Write to buyer
postings-button-list = { $count ->
    [one] 📋 Show { $count } posting
   *[other] 📋 Show { $count } postings
}
postings-button-retry = 🔁 Retry
postings-summary = { $count ->
    [one] 1 posting is waiting to be packed.
   *[other] { $count } postings are waiting to be packed.
}
postings-digest-new = 📦 New postings: { $count } (message { $part } of { $parts })
postings-digest-together = 📦 New postings: { $count }
postings-digest-reminder = { $count ->
    [one] ⏰ Packing deadline is near for 1 posting (message { $part } of { $parts })
   *[other] ⏰ Packing deadline is near for { $count } postings (message { $part } of { $parts })
}
postings-digest-hint = Tap a number to open that posting.
postings-reminder = ⏰ Posting { $posting } is still waiting to be packed; pack it by { $deadline }.
postings-list-title = Postings waiting to be packed: { $count }
postings-list-empty = No postings are waiting to be packed.
postings-list-ship = { $index } 📦 Pack
postings-list-card = { $index } 📋 Card
postings-list-line = { $index }. { $gist } · { $posting }
postings-list-prev = « Back
postings-list-next = Next »
postings-label-preparing = Preparing the label…
postings-label-caption = Label of posting { $posting }
postings-label-failed = Could not get the label of posting { $posting }: { $reason }
postings-label-once = This label is already on its way. Tap again in half a minute if you need another copy.
postings-step-over = This step is over. Start again with /ship or /cancel_posting.
postings-text-empty = The text is empty. Please write it again.
postings-text-too-long = The text is too long: at most { $max } { $max ->
    [one] character
   *[other] characters
}. Please shorten it.
postings-choose = Which posting? Tap one or type its number.
postings-choose-none-listed = No postings are waiting to be packed right now. Type a posting number, or press Close.
postings-choose-order = Order { $order } has { $count } { $count ->
    [one] posting
   *[other] postings
} waiting to be packed. Which one?
postings-order-none = No posting of order { $order } is waiting to be packed. Check the number and type it again.
postings-unknown = I do not know a posting "{ $posting }". Check the number and type it again.
postings-not-awaiting = Posting { $posting } is no longer waiting to be packed (status: { $status }). Choose another one.
postings-ship-how = How do you pack it?
postings-ship-one-package = One box
postings-ship-split = Split into boxes
postings-ship-split-product = { $name }: { $quantity } { $quantity ->
    [one] pc
   *[other] pcs
}. How many go into each box? Type the numbers per box separated by spaces, e.g. "1 1".
postings-ship-split-invalid = Type whole numbers separated by spaces, one per box, e.g. "2 1".
postings-ship-split-sum = The numbers add up to { $sum }, but there are { $quantity } { $quantity ->
    [one] pc
   *[other] pcs
}. Please type them again.
postings-ship-mark = Mark of { $name }, unit { $unit } of { $units }:
postings-ship-mark-duplicate = This code was already typed for unit { $unit } of { $name }. Scan the code of this unit.
postings-ship-jw-uin = Jewellery UIN of { $name }, unit { $unit } of { $units }:
postings-ship-imei = IMEI of { $name }, unit { $unit } of { $units } (15 digits):
postings-ship-imei-invalid = An IMEI is 15 digits. Type it again.
postings-ship-weight = Actual weight of { $name }, unit { $unit } of { $units }, in kilograms (e.g. 0.455):
postings-ship-weight-range = Actual weight of { $name }, unit { $unit } of { $units }, in kilograms: from { $min } to { $max }.
postings-ship-weight-invalid = Type the weight in kilograms, e.g. 0.455.
postings-ship-weight-out = Ozon takes a weight from { $min } to { $max } kg for this product. Weigh it again and type the weight.
postings-ship-gtd = { $units ->
    [1] Customs declaration (GTD) number of { $name }. If the goods have none, tap «No GTD».
   *[other] Customs declaration (GTD) number of { $name }, one for all { $units } units. If the goods have none, tap «No GTD».
}
postings-ship-rnpt = { $units ->
    [1] Batch registration number (RNPT) of { $name }. If there is none, tap «No RNPT».
   *[other] Batch registration number (RNPT) of { $name }, one for all { $units } units. If there is none, tap «No RNPT».
}
postings-ship-no-gtd = No GTD
postings-ship-no-rnpt = No RNPT
postings-units-intro = Before packing, Ozon needs { $list }. Scan or type each one.
postings-units-part = { $kind ->
    [mandatory_mark] Chestny ZNAK marks (units: { $count })
    [jw_uin] jewellery UINs (units: { $count })
    [imei] IMEIs (units: { $count })
    [weight] the actual weight (units: { $count })
    [gtd] the customs declaration (GTD) number (products: { $count })
   *[rnpt] the batch registration number (RNPT) (products: { $count })
}
postings-units-what = { $kind ->
    [mandatory_mark] mark of { $name }, unit { $unit }
    [jw_uin] UIN of { $name }, unit { $unit }
    [imei] IMEI of { $name }, unit { $unit }
    [weight] weight of { $name }, unit { $unit }
    [gtd] GTD of { $name }
   *[rnpt] RNPT of { $name }
}
postings-units-refused = { $count ->
    [one] Ozon did not accept 1 answer:
        { $list }
        Please type it again.
   *[other] Ozon did not accept { $count } answers:
        { $list }
        Please type them again.
}
postings-units-refused-item = • { $what } «{ $value }»: { $words }
postings-units-refused-plain = • { $what } «{ $value }»
postings-units-none = none
postings-units-kg = { $kg } kg
postings-units-checking = Ozon is still checking the data; it usually takes a minute. Tap the button to look again.
postings-units-check-again = 🔁 Check again
postings-units-not-accepted = ❌ Ozon did not accept the data of posting { $posting } ({ $status }) and named nothing to correct. Check the posting in the Ozon seller cabinet.
postings-ship-confirm = { $count ->
    [one] Pack posting { $posting } in 1 box?
   *[other] Pack posting { $posting } in { $count } boxes?
}
postings-ship-more-lines = …and { $count } more
postings-ship-package = Box { $number }:
postings-ship-marks-count = Mandatory marks: { $count }
postings-ship-confirm-button = ✅ Pack
postings-ship-done-one = ✅ Posting { $posting } is packed. The label is below; again with the button:
postings-ship-done = ✅ Posting { $posting } is packed (boxes: { $numbers }). The label is below; again with the button:
postings-ship-failed = ❌ Posting { $posting } was not packed: { $reason }
postings-ship-packed-by = 📦 Posting { $posting } is already packed — { $name }, { $time }. The label:
postings-ship-packed-outside = 📦 Posting { $posting } was already packed outside the bot (in the Ozon seller cabinet). The label:
postings-cancel-reason = Why are you cancelling posting { $posting }?
postings-cancel-no-reasons = Ozon offers no reason to cancel posting { $posting } now.
postings-cancel-explain = Explain the reason in a few words (up to 500 characters):
postings-cancel-confirm = Cancel posting { $posting }?
    Reason: { $reason }
    Explanation: { $explanation }
postings-cancel-confirm-button = ✅ Yes, cancel it
postings-cancel-done = ✅ Posting { $posting } is cancelled.
postings-cancel-failed = ❌ Posting { $posting } was not cancelled: { $reason }
postings-cancel-left = You left the dialog. The posting was not cancelled.
postings-cancel-keep = Keep the posting
postings-cancel-reason-title = { $id ->
    [352] Out of stock at the seller's warehouse
    [400] Only defective items left
    [401] Cancelled after arbitration
    [402] Other (seller's fault)
    [665] The buyer did not collect the order
    [666] Returned by the carrier: no delivery to the region
    [667] Lost by the carrier
   *[other] { $title }
}
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
postings-error-declined = Ozon answered that it did not do it for { $posting } (“not done”, without a reason). Nothing changed at Ozon: check the posting in the Ozon seller account.
postings-error-rate-limited = Ozon asks to slow down (too many requests). Try again in a minute.
postings-error-auth = Ozon refused the API key. Ask an administrator to check the Ozon settings.
postings-error-network = Ozon did not answer in time. Try again in a minute.
postings-error-input = Ozon cannot take this request as it is.
postings-error-already-shipped = Posting { $posting } is already packed.
postings-error-already-cancelled = Posting { $posting } is already cancelled.
postings-error-not-found = Ozon does not know posting { $posting }. Check the number.
postings-error-wrong-status = Posting { $posting } is not in a state that allows this any more.
postings-error-marks = Ozon did not accept the mandatory marks.
postings-error-units = Ozon says the units' data (marks, GTD, weight…) are missing or not accepted ({ $code }). Pack it with 📦 Pack: the dialog asks what is needed.
postings-error-quantity = The quantities do not match the posting.
postings-error-cancel-reason = Ozon does not accept this cancellation reason.
postings-error-unavailable = Ozon is temporarily unavailable. Try again in a few minutes.
postings-error-method-gone = Ozon does not answer this request at the moment: a problem on Ozon's side. Try again later; administrators see it in /status.
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
postings-now-status = Posting { $posting } is no longer waiting to be packed: { $status }.

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
labels-preparing = ⏳ Asking Ozon for { $count } { $count ->
    [one] label
   *[other] labels
}…
labels-progress = ⏳ Ozon is preparing { $count } { $count ->
    [one] label
   *[other] labels
}: { $ready } of { $parts } { $parts ->
    [one] part
   *[other] parts
} ready.
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
   *[other] {" "}(checked { $polls } { $polls ->
    [one] time
   *[other] times
})
}
handover-slow = ⏳ Ozon is still preparing the act after { $minutes } min. I keep waiting and will send it here when it is ready.
handover-failed = ❌ Ozon did not prepare act { $act }: { $reason }
handover-ready = ✅ Act { $act } is ready: { $count } { $count ->
    [one] posting
   *[other] postings
}, { $method }.
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
find-more = Shown { $shown } of { $count } { $count ->
    [one] posting
   *[other] postings
}.
find-photo-no-barcode = I could not read a posting's barcode on this photo. Take it again: close to the label's lower barcode so that it fills most of the picture, with the label flat and in good light, without glare. Or type the digits printed under the barcode.
find-photo-too-big = The picture is larger than I read ({ $limit }). Take it again at a lower resolution, or type the digits printed under the barcode.
find-photo-fetch-failed = I could not get the photo from Telegram. Send it again.

## Batch labels in the background
labels-slow = ⏳ Ozon is still preparing { $count } { $count ->
    [one] label
   *[other] labels
} after { $minutes } min ({ $ready } of { $parts } { $parts ->
    [one] part
   *[other] parts
} ready). I keep waiting and will send them here when they are ready — no need to tap again.
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
labels-pick-full = At most { $max } { $max ->
    [one] posting
   *[other] postings
} at a time. Print these, then choose the rest.
labels-pick-expired = This list is out of date. Open /today and choose again.
labels-pick-not-yours = This list was opened by someone else. Open your own from /today.
labels-pick-asked = 🏷 Labels for { $count } { $count ->
    [one] chosen posting
   *[other] chosen postings
}: I asked Ozon, they come below.

## Cancelled after packing
postings-cancelled-packed = { $who ->
    [buyer] ❌ { $posting } was cancelled by the buyer after it was packed — do not hand it to the courier.
    [seller] ❌ { $posting } was cancelled by the seller after it was packed — do not hand it to the courier.
    [ozon] ❌ { $posting } was cancelled by Ozon after it was packed — do not hand it to the courier.
    [delivery] ❌ { $posting } was cancelled by the delivery service after it was packed — do not hand it to the courier.
   *[other] ❌ { $posting } was cancelled after it was packed — do not hand it to the courier.
}

## Phone-first polish: cards and dialogs (issue 17)
dialog-left = You left the dialog. Nothing was changed.
postings-button-quick-pack = ⚡ Pack in 1 box
postings-quick-packing = Packing in 1 box…
postings-quick-busy = This posting is being packed already. Please wait a moment.
dialog-none = No dialog is open: there is nothing to leave.
postings-button-split = ✂️ Split into boxes
