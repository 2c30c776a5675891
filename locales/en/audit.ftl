## Audit
command-audit =
    .description = Audit trail: who changed what at Ozon through the bot
    .button = 🧾 Audit
audit-title = 🧾 Audit trail: latest entries ({ $count })
audit-empty = No entries.
audit-shop = 🏬 { $name }
audit-change = { $from } → { $to }
audit-result-done = ✅ done
audit-result-refused = ⛔ refused by Ozon: { $words }
audit-result-failed = ⚠️ failed: { $words }
audit-back = « Back
audit-export-button = 📥 Export
audit-kinds-button = 🔎 By kind
audit-stores-button = 🏬 By store
audit-kinds-title = Which entries?
audit-stores-title = Entries of which store?
audit-store-gone = This store is no longer connected.
audit-filter-kind = Kind: { $kind }
audit-filter-syntax = I did not understand the filter “{ $word }”. Examples: /audit 12345678-0001-1 · /audit campaign 123 · /audit person 101 · /audit sku 456 · /audit return 789 · /audit store South · /audit ship
audit-filter-store = No store “{ $word }”. Give its name or Client-Id: /audit store South
audit-export-title = 📥 Export the trail as XLSX for the last:
audit-export-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
audit-export-empty = No entries in this period.
audit-export-failed = The file could not be built. Please try later.
audit-export-caption = 🧾 Audit trail, last { $days } d: { $count } { $count ->
    [one] entry
   *[other] entries
}
audit-export-capped = Only the first { $max } { $max ->
    [one] entry
   *[other] entries
}: choose a shorter period.
audit-xlsx-sheet = Audit
audit-xlsx-headers = Time|Who|ID|Store|Action|Object|How|Before|After|Result|Ozon's answer|Details
audit-xlsx-done = done
audit-xlsx-refused = refused by Ozon
audit-xlsx-failed = failed
audit-history-button = 🕘 History
audit-history-posting = 🕘 History of posting { $id }
audit-history-campaign = 🕘 History of campaign { $id }
audit-history-sku = 🕘 History of SKU { $id }
audit-kind-ship = 📦 Pack
audit-kind-cancel = ❌ Cancel
audit-kind-label-batch = 🏷 Labels
audit-kind-courier-act = 🚚 Courier act
audit-kind-budget = 💰 Budget
audit-kind-bid = 📈 Bid
audit-kind-campaign-state = ⏯ Pause/resume
audit-kind-campaign-period = 📅 Period
audit-kind-question = ❓ Question
audit-kind-store = 🏬 Store
audit-kind-role = 👤 Role
audit-kind-invite = ✉️ Invite
audit-kind-schedule = 🗓 Schedule
audit-kind-stock = 📦 Stock
audit-kind-price = 🏷 Price
audit-kind-delivery-step = 🛵 Delivery
audit-kind-return-decision = ↩️ Return
audit-kind-dispute = ⚖️ Dispute
