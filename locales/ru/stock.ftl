## Остатки

stock-alert-zero = 🔴 Товар закончился
stock-alert-low = 🟠 Заканчивается: { $count ->
        [one] остался
       *[other] осталось
    } { $count } шт. (меньше { $threshold } шт.)
stock-alert-product = { $name }
stock-alert-ids = артикул { $offer } · SKU { $sku }
stock-alert-warehouse = 🏬 { $warehouse }
stock-button-stock = 📦 Изменить остаток
stock-subscribe-toggle = Уведомления об остатках (те же магазины и склады)
stock-alerts-on = Уведомления об остатках в этом чате включены.
stock-alerts-off = Уведомления об остатках в этом чате выключены.
stock-not-subscribed = Этот чат не подписан. Сначала отправьте /subscribe.
stock-admin-only = В группе уведомления меняет только администратор.
stock-shop-unknown = Этот магазин больше не обслуживается ботом.
stock-shop-not-yours = Ваша роль не распространяется на магазин «{ $name }».
stock-open-product = Откройте товар командой /products { $sku }

## Остатки и цены таблицей

book-column-offer = Артикул
book-column-cost = Себестоимость
book-column-name = Название
book-column-stock = Остаток «{ $warehouse }»
book-what-stock = остаток «{ $warehouse }»
book-what-price = цена
book-what-oldPrice = цена до скидки
book-what-minPrice = мин. цена
book-what-prices = цены
book-reading = ⏳ Читаю товары магазина…
book-sent = 📥 Товаров: { $count }. Измените остатки или цены в файле и пришлите его сюда (XLSX или CSV); пустые ячейки ничего не меняют. Сначала будет предпросмотр.
book-ozon-failed = Ozon не ответил; ничего не изменено. Попробуйте через минуту.
book-private-only = Таблица отправляется и читается в личном чате с ботом.
book-pick-store = Какой магазин?
book-which-store = Для какого магазина этот файл? Пришлите его с именем, которое дал бот (stock-…), или запросите /workbook ещё раз.
book-fetch-failed = Не удалось скачать файл из Telegram. Пришлите его ещё раз.
book-file-too-big = Файл больше { $limit }. Пришлите файл меньше (до 20 000 строк).
book-file-too-many-rows = В файле больше 20 000 строк. Разделите его и пришлите части по очереди.
book-file-too-many-columns = В файле больше 200 столбцов; это не таблица бота.
book-file-cell-too-long = В ячейке больше 1 000 символов; это не таблица бота.
book-file-unreadable = Файл не читается как XLSX или CSV. Пришлите таблицу, которую дал бот, или CSV с её столбцами.
book-file-empty = Файл пуст.
book-file-zip-mismatch = Заголовки ZIP в файле противоречат друг другу — так не сохраняет ни одна программа для таблиц. Откройте файл в Excel или LibreOffice, сохраните заново и пришлите.
book-file-unpacked-too-big = Файл слишком большой после распаковки: в нём намного больше, чем нужно для 20 000 строк таблицы. Пришлите только лист, без картинок и других листов.
book-file-too-slow = Файл читался слишком долго, и чтение остановлено. Пришлите файл поменьше (до 20 000 строк, только столбцы бота).
book-file-at-row = Строка { $row }.
book-busy = Сейчас читается слишком много файлов. Пришлите свой ещё раз через минуту.
book-wait-turn = ⏳ Сейчас читаются другие файлы; ваш в очереди (перед ним: { $count }). Предпросмотр придёт сам.
book-file-no-offer-column = В первой строке нет столбца «(offer_id)». Оставьте строку заголовков бота как есть.
book-preview-title = 📋 Предпросмотр: прочитано строк — { $rows }.
book-preview-nothing = Менять нечего: все заполненные ячейки совпадают с Ozon.
book-preview-counts = Изменения: остатки { $stock } · цена { $price } · цена до скидки { $old } · мин. цена { $min }
book-preview-costs = 💰 Себестоимость: { $count } (бот хранит её для /money, в Ozon не отправляется)
book-preview-no-stock-role = Изменений остатков пропущено: { $count } — для них нужна роль склада.
book-preview-no-price-role = Изменений цен пропущено: { $count } — для них нужна роль менеджера.
book-preview-biggest = Самые большие изменения:
book-preview-change = строка { $row } · { $offer } · { $what }: { $from } → { $to }
book-preview-unknown = ❓ Неизвестные артикулы ({ $count }), пропущены:
book-preview-unknown-row = строка { $row } · { $offer }
book-preview-unreadable = ⚠️ Нечитаемые строки ({ $count }), пропущены:
book-preview-unreadable-row = строка { $row }: { $why }
book-preview-more = …и ещё { $count }
book-problem-offer-missing = нет артикула
book-problem-price-missing = для цены до скидки или мин. цены нужна цена, а у товара её нет
book-problem-duplicate = артикул повторяется (впервые в строке { $row })
book-problem-cell = { $column }: { $reason }
book-reason-not-a-number = не число
book-reason-not-whole = не целое число
book-reason-not-digits = не целое число цифрами: пишите 1000 или 1 000, без запятых и точек
book-reason-negative = меньше нуля
book-reason-too-big = слишком большое
book-reason-stock-too-big = миллион единиц или больше: Ozon принимает остаток меньше миллиона
book-reason-too-many-decimals = больше 2 знаков после запятой
book-reason-unknown-warehouse = такого склада в магазине нет
book-reason-zero = цена 0
book-apply = ✅ Применить ({ $count })
book-drop = ✖ Отмена
book-dropped = ✖ Отменено; в Ozon ничего не отправлено.
book-expired = Предпросмотр устарел. Пришлите файл ещё раз.
book-cancel-stopping = ✖ Таблица уже применяется: она остановится после пакета, который отправляется сейчас. Отправленное останется в Ozon; когда применение остановится, придёт сообщение.
book-cancel-finished = Таблица уже применена: отменять нечего.
book-cancel-expired = Предпросмотр устарел: отменять нечего.
book-stopped-cancelled = ✖ Применение таблицы отменено. { $sent ->
    [0] В Ozon ничего не отправлено.
   *[other] До остановки в Ozon отправлено: { $sent } из { $total }; остальное не отправлялось.
}
book-finished-moved = Не отправлено, потому что цена в Ozon изменилась после предпросмотра: { $count }. Пришлите файл снова, чтобы применить эти строки.
book-outcome-price-moved = не отправлено: цена в Ozon изменилась после предпросмотра (сейчас { $now }); пришлите файл снова
book-not-yours = Это чужой предпросмотр.
book-already = Эта таблица уже применяется ({ $name }).
book-started = Применяю…
book-queued = Сначала будет применена другая таблица этого магазина (впереди: { $count }).
book-progress = ⏳ Применяю таблицу: отправлено в Ozon { $sent } из { $total }.
book-finished = ✅ Таблица применена: выполнено { $done }, Ozon отказал в { $refused }. Каждая строка — в файле.
book-stopped-rights = ⛔ Применение таблицы остановлено: ваша роль больше не позволяет эти изменения в этом магазине. { $sent ->
    [0] В Ozon ничего не отправлено.
   *[other] До этого в Ozon отправлено { $sent } из { $total }.
} Отправьте файл снова, чтобы увидеть, что вы можете изменить сейчас.
book-result-row = Строка
book-result-what = Что
book-result-value = Новое значение
book-result-outcome = Результат
book-outcome-done = выполнено
book-outcome-too-many = Ozon принимает одно изменение товара на складе раз в 30 с: повторите эту строку через минуту
book-outcome-price-too-often = Ozon принимает не больше 10 изменений цены товара в час: повторите эту строку через час
book-outcome-stock-too-big = Ozon не принимает остаток в миллион единиц и больше
book-outcome-refused = Ozon отказал: { $code } { $message }

## Порог магазина (/stores)

stock-threshold-button = 📦 Мало остатка: { $name }
stock-threshold-screen = 📦 «{ $name }»: уведомление, когда остаток товара на складе меньше { $count } или закончился. Выберите порог:
stock-threshold-default = По умолчанию ({ $count })
