## Sales: FBO orders from Ozon's warehouses as they happen
sales-toggle = 🛒 Продажи FBO
sales-toggle-store = 🛒 Продажи FBO: { $store }
sales-toggle-choose = 🛒 Продажи FBO…
sales-choose-stores = 🛒 О заказах FBO (со складов Ozon) каких магазинов сообщать в этот чат?
sales-on = Заказы FBO магазина «{ $store }» будут приходить сюда.
sales-off = Заказы FBO магазина «{ $store }» больше не будут приходить сюда.
sales-admin-only = В группе это меняет только администратор.
sales-store-unknown = Этот магазин вам недоступен.
sales-card-title = 🛒 Новый заказ FBO
sales-card-cancelled = ❌ Заказ FBO отменён
sales-line = { $name } — { $quantity } · { $price } за шт.
sales-total = Итого: { $sum }
sales-where = 📍 { $city }, кластер «{ $cluster }»
sales-posting = Отправление { $posting }
sales-digest-title = 🛒 Новых заказов FBO: { $count }
sales-digest-line = • { $name }{ $more ->
    [0] {""}
   *[other] {" "}и ещё { $more }
} — { $quantity } · { $sum } · { $cluster }
sales-digest-line-cancelled = ❌ { $name }{ $more ->
    [0] {""}
   *[other] {" "}и ещё { $more }
} — { $quantity } · отменён · { $cluster }
sales-digest-total = Всего: { $units } на { $sum }
sales-digest-total-unpriced = Всего: { $units } на { $sum } — без заказов без цены ({ $unpriced })
