## Остатки

stock-alert-zero = 🔴 Товар закончился
stock-alert-low = 🟠 Заканчивается: { $count ->
        [one] остался { $count } товар
        [few] осталось { $count } товара
       *[other] осталось { $count } товаров
    } (меньше { $threshold })
stock-alert-product = { $name }
stock-alert-ids = артикул { $offer } · SKU { $sku }
stock-alert-warehouse = 🏬 Склад: { $warehouse }
stock-button-stock = 📦 Остаток
stock-subscribe-toggle = Уведомления об остатках (те же магазины и склады)
stock-alerts-on = Уведомления об остатках в этом чате включены.
stock-alerts-off = Уведомления об остатках в этом чате выключены.
stock-not-subscribed = Этот чат не подписан. Сначала отправьте /subscribe.
stock-admin-only = В группе уведомления меняет только администратор.
stock-shop-unknown = Этот магазин больше не обслуживается ботом.
stock-shop-not-yours = Ваша роль не распространяется на магазин «{ $name }».
stock-open-product = Откройте товар командой /products { $sku }
