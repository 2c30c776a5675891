## Products: /products, the product card, stock and price changes

command-products =
    .description = A product: stock per warehouse, prices, change them
    .button = 📦 Products
products-prompt = Send a product's item code (offer_id), SKU, barcode or part of its name — or a photo of its barcode.
products-placeholder = Item code, SKU, barcode or name
products-pick = Found { $count }. Choose a product{ $count ->
        [one] :
       *[other] {""} (the first { $shown } shown):
    }
products-none-found = No product matches “{ $query }”. Try the item code (offer_id), the SKU or another part of the name.
products-gone = Ozon no longer shows this product.
products-shop-unknown = This store is no longer served by the bot.
products-shop-not-yours = Your role does not cover the store “{ $name }”.
products-none = —
products-card-title = 📦 { $name }
products-card-ids = Item code: { $offer } · SKU: { $sku }
products-card-prices = 💰 Price: { $price } · before discount: { $old } · minimum: { $min }
products-card-fbs = 🏬 FBS stock (present / reserved):
products-card-no-warehouses = no FBS warehouse holds it
products-card-warehouse = • { $name }: { $present } / { $reserved }
products-card-fbo = FBO stock at Ozon: { $units } { $units ->
    [one] pc
   *[other] pcs
} (read only)
products-card-sold = Ordered in { $days } { $days ->
    [one] day
   *[other] days
}: { $sold } — enough for ~{ $left } { $left ->
    [one] day
   *[other] days
} at this pace
products-card-sold-none = Ordered in { $days } { $days ->
    [one] day
   *[other] days
}: { $sold }
products-stock-button = 📦 Set stock
products-price-button = 💰 Price
products-open-button = 🛍 { $name }
products-refresh-button = 🔄 Refresh
products-dialog-over = This dialog is over. Open the product again: /products
products-another = ✏️ Type it in
products-error-rate-limited = Ozon is busy with requests right now. Try again in a minute.
products-error-auth = Ozon refused the store's keys. An admin can check them in /stores.
products-error-network = Ozon did not answer. Try again a little later.
products-error-unavailable = Ozon is unavailable right now. Try again a little later.
products-error-unknown = Something went wrong talking to Ozon. Try again a little later.
products-limited = Ozon limits how often this product can be changed; try again after { $at }.
products-stock-too-frequent = This product's stock at this warehouse was changed within the last 30 seconds: Ozon takes one change every 30 seconds. Try again after { $at }.
products-price-too-often = This product's price was changed too often: Ozon takes at most 10 price changes of a product an hour. Try again after { $at }.
products-stock-refused-too-big = Ozon does not take a stock of a million units or more (STOCK_TOO_BIG).
products-refused = Ozon refused: { $message } ({ $code }).
products-duplicate = This change was already sent (a second tap); Ozon's answer:
products-duplicate-pending = This change is already being sent (a second tap). The card will show the result.
products-stock-no-warehouses = This product is at no FBS warehouse: there is no stock to set.
products-stock-choose = { $name }: which warehouse?
products-stock-warehouse-button = { $name } — { $available } available
products-stock-ask = { $name }
    Warehouse: { $warehouse }. Present { $present }, reserved { $reserved }, available { $available }.
    Type the new number of units available (reserved ones stay on top), or a change: +5 or −2.
products-stock-bad-number = “{ $input }” is not a number of units. Type, for example, 15, +5 or −2.
products-stock-below-zero = That would be below zero. Type 0 or more.
products-stock-too-big = Ozon does not take a stock of a million units or more: type at most { $max } { $max ->
    [one] unit
   *[other] units
}.
products-stock-confirm = { $name }
    { $warehouse }: available { $old } → { $new } (reserved { $reserved } stay on top).
    Send to Ozon?
products-stock-yes = ✅ Set stock
products-stock-done = ✅ Stock set. { $name }, { $warehouse }: available { $old } → { $new }.
products-price-ask = { $name }
    Price now: { $price }, before discount: { $old }, minimum: { $min }.
    Type the new price in roubles, for example 1290 or 1,290.50.
products-price-bad-number = “{ $input }” does not look like a price. Type roubles, for example 1290 or 1,290.50.
products-price-not-positive = The price must be more than zero.
products-price-decimals = A price has at most two decimals (kopecks).
products-price-too-big = That price is too high.
products-price-confirm = { $name }
    Price: { $old } → { $new } ({ $change } %).
products-price-confirm-old = Before discount: { $old } → { $new }
products-price-confirm-min = Minimum: { $old } → { $new }
products-price-yes = ✅ Change price
products-price-set-old = Before-discount price
products-price-set-min = Minimum price
products-price-ask-old = Before-discount price now: { $current }. Type the new one (0 removes it).
products-price-ask-min = Minimum price now: { $current }. Type the new one.
products-price-big = ⚠️ The new price is { $times } times { $direction ->
        [higher] higher
       *[lower] lower
    }: { $old } → { $new }. Is that right?
products-price-big-yes = Yes, change it
products-price-done = ✅ Price changed. { $name }: { $old } → { $new }.
products-photo-too-big = The photo is larger than I read ({ $limit }). Send a smaller one, or type the barcode's digits.
products-photo-fetch-failed = I could not get the photo from Telegram. Send it again, or type the barcode's digits.
products-photo-no-barcode = I could not read a barcode on the photo. Take it closer, in good light, or type the digits under the barcode.
