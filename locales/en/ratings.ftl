command-rating =
    .description = Seller ratings and their zones
    .button = 📊 Ratings
ratings-zone = { $zone ->
    [warning] 🟡 the warning zone
    [danger] 🔴 the danger zone: sales may be blocked
   *[ok] 🟢 normal
}
ratings-crossing-worse = ⚠️ Rating “{ $name }” moved into { $zone }
ratings-crossing-better = ✅ Rating “{ $name }” is back: { $zone }
ratings-crossing-value = Now: { $value } (was { $past })
ratings-crossing-threshold = Threshold: { $threshold }
ratings-crossing-errors = Postings that raised the FBS error index: { $postings }
ratings-crossing-hint = Details: /rating and “Ratings” in the Ozon cabinet.
ratings-title = 📊 Seller ratings
ratings-line = { $mark } { $name }: { $value }{ $thresholds }
ratings-line-thresholds = {" "}(warning { $warning }, block { $danger })
ratings-fbs-index = 📉 FBS error index: { $index } ({ $from } to { $to })
ratings-legend = 🟢 normal · 🟡 warning · 🔴 risk of a block
ratings-empty = Ozon has given no ratings of this store yet.
ratings-no-stores = No store with Seller API keys whose ratings you may see.
ratings-ozon-refused = Ozon refused: { $reason }
ratings-ozon-keys = Ozon did not accept the store's keys. Check them in /stores.
ratings-ozon-unavailable = Ozon is not answering now. Try again a little later.
