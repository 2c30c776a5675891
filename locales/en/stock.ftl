## Stock alerts

stock-alert-zero = 🔴 Out of stock
stock-alert-low = 🟠 Running low: { $count } { $count ->
        [one] unit
       *[other] units
    } left (below { $threshold })
stock-alert-product = { $name }
stock-alert-ids = article { $offer } · SKU { $sku }
stock-alert-warehouse = 🏬 Warehouse: { $warehouse }
stock-button-stock = 📦 Stock
stock-subscribe-toggle = Stock alerts (same stores and warehouses)
stock-alerts-on = Stock alerts are on for this chat.
stock-alerts-off = Stock alerts are off for this chat.
stock-not-subscribed = This chat is not subscribed. Send /subscribe first.
stock-admin-only = In a group only an admin changes alerts.
stock-shop-unknown = This store is no longer served by the bot.
stock-shop-not-yours = Your role does not cover the store “{ $name }”.
stock-open-product = Open the product with /products { $sku }
