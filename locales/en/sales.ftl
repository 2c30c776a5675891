## Sales: FBO orders from Ozon's warehouses as they happen
sales-toggle = 🛒 FBO sales
sales-toggle-store = 🛒 FBO sales: { $store }
sales-toggle-choose = 🛒 FBO sales…
sales-choose-stores = 🛒 Which stores' FBO orders (from Ozon's warehouses) should come to this chat?
sales-on = FBO orders of “{ $store }” will come here.
sales-off = FBO orders of “{ $store }” will no longer come here.
sales-admin-only = In a group only an admin changes this.
sales-store-unknown = This store is not available to you.
sales-card-title = 🛒 New FBO order
sales-card-cancelled = ❌ FBO order cancelled
sales-line = { $name } — { $quantity } · { $price } each
sales-total = Total: { $sum }
sales-where = 📍 { $city }, cluster “{ $cluster }”
sales-posting = Posting { $posting }
sales-digest-title = 🛒 New FBO orders: { $count }
sales-digest-line = • { $name }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more
} — { $quantity } · { $sum } · { $cluster }
sales-digest-line-cancelled = ❌ { $name }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more
} — { $quantity } · cancelled · { $cluster }
sales-digest-total = Total: { $units } for { $sum }
sales-digest-total-unpriced = Total: { $units } for { $sum } — leaving out orders without a price ({ $unpriced })
