## Stock alerts

stock-alert-zero = 🔴 Out of stock
stock-alert-low = 🟠 Running low: { $count } { $count ->
        [one] pc
       *[other] pcs
    } left (below { $threshold })
stock-alert-product = { $name }
stock-alert-ids = item code { $offer } · SKU { $sku }
stock-alert-warehouse = 🏬 { $warehouse }
stock-button-stock = 📦 Set stock
stock-subscribe-toggle = Stock alerts (same stores and warehouses)
stock-alerts-on = Stock alerts are on for this chat.
stock-alerts-off = Stock alerts are off for this chat.
stock-not-subscribed = This chat is not subscribed. Send /subscribe first.
stock-admin-only = In a group only an admin changes alerts.
stock-shop-unknown = This store is no longer served by the bot.
stock-shop-not-yours = Your role does not cover the store “{ $name }”.
stock-open-product = Open the product with /products { $sku }

## Stock and prices as a workbook

book-column-offer = Article
book-column-cost = Cost price
book-column-name = Name
book-column-stock = Stock “{ $warehouse }”
book-what-stock = stock “{ $warehouse }”
book-what-price = price
book-what-oldPrice = old price
book-what-minPrice = min price
book-what-prices = prices
book-reading = ⏳ Reading the store's products…
book-sent = 📥 { $count ->
    [one] 1 product.
   *[other] { $count } products.
} Change stock or prices in the file and send it back here (XLSX or CSV); empty cells change nothing. You will see a preview first.
book-ozon-failed = Ozon did not answer; nothing was changed. Try again in a minute.
book-private-only = The workbook is sent and read in a private chat with the bot.
book-pick-store = Which store?
book-which-store = Which store is this file for? Send it with the name the bot gave it (stock-…), or ask /workbook again.
book-fetch-failed = The file could not be downloaded from Telegram. Send it again.
book-file-too-big = The file is over { $limit }. Send a smaller one (up to 20 000 rows).
book-file-too-many-rows = The file has more than 20 000 rows. Split it and send the parts one by one.
book-file-too-many-columns = The file has more than 200 columns; it is not the bot's workbook.
book-file-cell-too-long = A cell is over 1 000 characters; it is not the bot's workbook.
book-file-unreadable = The file cannot be read as XLSX or CSV. Send the workbook the bot gave you, or a CSV with its columns.
book-file-empty = The file is empty.
book-file-zip-mismatch = The file's ZIP headers contradict each other: no spreadsheet program writes that. Open the file in Excel or LibreOffice, save it again and send it.
book-file-unpacked-too-big = The file is too big once unpacked: its sheet holds far more than 20 000 rows of a workbook need. Send the sheet alone, without pictures and other sheets.
book-file-too-slow = Reading the file took too long, so it was stopped. Send a smaller one (up to 20 000 rows, only the bot's columns).
book-file-at-row = Row { $row }.
book-busy = Too many files are being read right now. Send yours again in a minute.
book-wait-turn = ⏳ Other files are being read; yours is in line ({ $count } before it). The preview follows by itself.
book-file-no-offer-column = No “(offer_id)” column in the first row. Keep the bot's header row as it is.
book-preview-title = 📋 Preview: { $rows ->
    [one] 1 row read.
   *[other] { $rows } rows read.
}
book-preview-nothing = Nothing to change: every filled cell matches Ozon.
book-preview-counts = Changes: stock { $stock } · price { $price } · old price { $old } · min price { $min }
book-preview-costs = 💰 Cost prices: { $count } (kept by the bot for /money, not sent to Ozon)
book-preview-no-stock-role = { $count } stock changes left out: they need the warehouse role.
book-preview-no-price-role = { $count } price changes left out: they need the manager role.
book-preview-biggest = Biggest changes:
book-preview-change = row { $row } · { $offer } · { $what }: { $from } → { $to }
book-preview-unknown = ❓ Unknown item codes ({ $count }), left out:
book-preview-unknown-row = row { $row } · { $offer }
book-preview-unreadable = ⚠️ Rows that cannot be read ({ $count }), left out:
book-preview-unreadable-row = row { $row }: { $why }
book-preview-more = …and { $count } more
book-problem-offer-missing = no item code
book-problem-price-missing = a new old or min price needs a price, and the product has none
book-problem-duplicate = the item code again (first in row { $row })
book-problem-cell = { $column }: { $reason }
book-reason-not-a-number = not a number
book-reason-not-whole = not a whole number
book-reason-not-digits = not a whole number in digits: write 1000 or 1 000, without commas or points
book-reason-negative = below zero
book-reason-too-big = too large
book-reason-stock-too-big = a million units or more: Ozon takes a stock below a million
book-reason-too-many-decimals = more than 2 decimals
book-reason-unknown-warehouse = no such warehouse in the store
book-reason-zero = a price of 0
book-apply = ✅ Apply ({ $count })
book-drop = ✖ Cancel
book-dropped = ✖ Cancelled; nothing was sent to Ozon.
book-expired = This preview has expired. Send the file again.
book-cancel-stopping = ✖ The workbook is already being applied: it stops after the batch being sent now. What was sent stays at Ozon; you will get a message when it has stopped.
book-cancel-finished = The workbook has already been applied: nothing to cancel.
book-cancel-expired = This preview has expired: nothing to cancel.
book-stopped-cancelled = ✖ The workbook was cancelled. { $sent ->
    [0] Nothing was sent to Ozon.
   *[other] Sent to Ozon before it stopped: { $sent } of { $total }; the rest was not sent.
}
book-finished-moved = Left out because the price at Ozon changed after the preview: { $count }. Send the file again to apply them.
book-outcome-price-moved = not sent: the price at Ozon changed after the preview (now { $now }); send the file again
book-not-yours = This preview is someone else's.
book-already = This workbook is already being applied ({ $name }).
book-started = Applying…
book-queued = Another workbook of this store goes first ({ $count } ahead).
book-progress = ⏳ Applying the workbook: { $sent } of { $total } sent to Ozon.
book-finished = ✅ Workbook applied: { $done } done, { $refused } refused by Ozon. Each row is in the file.
book-stopped-rights = ⛔ The workbook was stopped: your role no longer allows these changes in this store. { $sent ->
    [0] Nothing was sent to Ozon.
   *[other] Sent to Ozon before that: { $sent } of { $total }.
} Send the file again to see what you may change now.
book-result-row = Row
book-result-what = What
book-result-value = New value
book-result-outcome = Result
book-outcome-done = done
book-outcome-too-many = Ozon takes one change of a product at a warehouse every 30 s: try this row again in a minute
book-outcome-price-too-often = Ozon takes at most 10 price changes of a product an hour: try this row again in an hour
book-outcome-stock-too-big = Ozon does not take a stock of a million units or more
book-outcome-refused = Ozon refused: { $code } { $message }

## The store's threshold (/stores)

stock-threshold-button = 📦 Low stock: { $name }
stock-threshold-screen = 📦 “{ $name }”: a stock alert when a product at a warehouse falls below { $count } or runs out. Choose the threshold:
stock-threshold-default = Default ({ $count })
