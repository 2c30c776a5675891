## Товары: /products, карточка товара, изменение остатков и цен

command-products =
    .description = Товар: остатки по складам, цены, их изменение
    .button = 📦 Товары
products-prompt = Пришлите артикул (offer_id), SKU, штрихкод или часть названия товара — или фото штрихкода.
products-placeholder = Артикул, SKU, штрихкод или название
products-pick = Найдено: { $count }. Выберите товар{ $count ->
        [one] :
       *[other] {""} (показаны первые { $shown }):
    }
products-none-found = Товар «{ $query }» не найден. Попробуйте артикул (offer_id), SKU или другую часть названия.
products-gone = Ozon больше не показывает этот товар.
products-shop-unknown = Этот магазин бот больше не обслуживает.
products-shop-not-yours = Ваша роль не распространяется на магазин «{ $name }».
products-none = —
products-card-title = 📦 { $name }
products-card-ids = Артикул: { $offer } · SKU: { $sku }
products-card-prices = 💰 Цена: { $price } · до скидки: { $old } · минимальная: { $min }
products-card-fbs = 🏬 Остатки FBS (в наличии / в резерве):
products-card-no-warehouses = ни на одном складе FBS
products-card-warehouse = • { $name }: { $present } / { $reserved }
products-card-fbo = Остаток FBO на складах Ozon: { $units } шт. (только просмотр)
products-card-sold = Заказано за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}: { $sold } — хватит на ~{ $left } дн. при таком темпе
products-card-sold-none = Заказано за { $days } { $days ->
    [one] день
    [few] дня
   *[many] дней
}: { $sold }
products-stock-button = 📦 Изменить остаток
products-price-button = 💰 Цена
products-open-button = 🛍 { $name }
products-refresh-button = 🔄 Обновить
products-dialog-over = Этот диалог уже закончен. Откройте товар заново: /products
products-another = ✏️ Ввести вручную
products-error-rate-limited = Ozon сейчас перегружен запросами. Попробуйте через минуту.
products-error-auth = Ozon не принял ключи магазина. Администратор может проверить их в /stores.
products-error-network = Ozon не ответил. Попробуйте чуть позже.
products-error-unavailable = Ozon сейчас недоступен. Попробуйте чуть позже.
products-error-unknown = Не получилось связаться с Ozon. Попробуйте чуть позже.
products-limited = Ozon ограничивает частоту изменений этого товара; попробуйте после { $at }.
products-stock-too-frequent = Остаток этого товара на этом складе уже меняли в последние 30 секунд: Ozon принимает одно изменение в 30 секунд. Попробуйте после { $at }.
products-price-too-often = Цену этого товара меняли слишком часто: Ozon принимает не больше 10 изменений цены товара в час. Попробуйте после { $at }.
products-stock-refused-too-big = Ozon не принимает остаток в миллион единиц и больше (STOCK_TOO_BIG).
products-refused = Ozon отказал: { $message } ({ $code }).
products-duplicate = Это изменение уже отправлено (повторное нажатие); ответ Ozon:
products-duplicate-pending = Это изменение уже отправляется (повторное нажатие). Карточка покажет результат.
products-stock-no-warehouses = Этого товара нет ни на одном складе FBS: остаток задать негде.
products-stock-choose = { $name }: какой склад?
products-stock-warehouse-button = { $name } — доступно { $available }
products-stock-ask = { $name }
    🏬 { $warehouse }. В наличии { $present }, в резерве { $reserved }, доступно { $available }
    Введите новое количество доступных единиц (резерв останется сверху) или изменение: +5 или −2.
products-stock-bad-number = «{ $input }» — не количество. Введите, например, 15, +5 или −2.
products-stock-below-zero = Получается меньше нуля. Введите 0 или больше.
products-stock-too-big = Ozon не принимает остаток в миллион единиц и больше: введите не больше { $max } { $max ->
    [one] единицы
    [few] единиц
   *[many] единиц
}.
products-stock-confirm = { $name }
    { $warehouse }: доступно { $old } → { $new } (резерв { $reserved } останется сверху).
    Отправить в Ozon?
products-stock-yes = ✅ Изменить остаток
products-stock-done = ✅ Остаток изменён. { $name }, { $warehouse }: доступно { $old } → { $new }
products-price-ask = { $name }
    Цена сейчас: { $price }, до скидки: { $old }, минимальная: { $min }.
    Введите новую цену в рублях, например 1290 или 1 290,50.
products-price-bad-number = «{ $input }» не похоже на цену. Введите рубли, например 1290 или 1 290,50.
products-price-not-positive = Цена должна быть больше нуля.
products-price-decimals = В цене не больше двух знаков после запятой (копейки).
products-price-too-big = Слишком большая цена.
products-price-confirm = { $name }
    Цена: { $old } → { $new } ({ $change } %).
products-price-confirm-old = До скидки: { $old } → { $new }
products-price-confirm-min = Минимальная: { $old } → { $new }
products-price-yes = ✅ Изменить цену
products-price-set-old = Цена до скидки
products-price-set-min = Минимальная цена
products-price-ask-old = Цена до скидки сейчас: { $current }. Введите новую (0 — убрать).
products-price-ask-min = Минимальная цена сейчас: { $current }. Введите новую.
products-price-big = ⚠️ Новая цена в { $times } раз { $direction ->
        [higher] больше
       *[lower] меньше
    }: { $old } → { $new }. Всё верно?
products-price-big-yes = Да, изменить
products-price-done = ✅ Цена изменена. { $name }: { $old } → { $new }.
products-photo-too-big = Фото больше, чем я читаю ({ $limit }). Пришлите поменьше или введите цифры штрихкода.
products-photo-fetch-failed = Не получилось загрузить фото из Telegram. Пришлите его ещё раз или введите цифры штрихкода.
products-photo-no-barcode = Не удалось прочитать штрихкод на фото. Снимите ближе, при хорошем свете, или введите цифры под штрихкодом.
