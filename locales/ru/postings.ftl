## Postings

postings-card-title = 📦 Отправление { $posting } (заказ { $order })
postings-card-deadline = ⏰ Собрать до: { $deadline }
postings-card-delivery = 🚚 { $method }
postings-card-warehouse = 🏬 { $warehouse }
postings-card-product = { $index }. { $name } — { $quantity } шт.
    артикул { $article } · { $price } за шт.
postings-card-more = { $count ->
    [one] …и ещё { $count } товар
    [few] …и ещё { $count } товара
   *[other] …и ещё { $count } товаров
}
postings-status = { $status ->
    [awaiting_registration] ожидает регистрации
    [acceptance_in_progress] идёт приёмка
    [awaiting_approve] ожидает подтверждения
    [awaiting_packaging] ожидает сборки
    [awaiting_deliver] собрано, ожидает отгрузки
    [arbitration] арбитраж
    [client_arbitration] клиентский арбитраж доставки
    [delivering] доставляется
    [driver_pickup] у водителя
    [delivered] доставлено
    [cancelled] отменено
    [not_accepted] не принято на сортировочном центре
    [sent_by_seller] отправлено продавцом
   *[other] { $status }
}
postings-line = { $index }. { $posting } · до { $deadline } · { $warehouse } · { $units } шт.
postings-button-ship = 📦 Собрать
postings-button-cancel = ✖️ Отменить отправление
postings-button-label = 🏷 Этикетка
postings-write-to-buyer = 💬 Написать покупателю
postings-button-list = { $count ->
    [one] 📋 Показать { $count } отправление
    [few] 📋 Показать { $count } отправления
   *[other] 📋 Показать { $count } отправлений
}
postings-button-retry = 🔁 Повторить
postings-summary = { $count ->
    [one] { $count } отправление ждёт сборки.
    [few] { $count } отправления ждут сборки.
   *[other] { $count } отправлений ждут сборки.
}
postings-digest-new = 📦 Новые отправления: { $count } (сообщение { $part } из { $parts })
postings-digest-together = 📦 Новые отправления: { $count }
postings-digest-reminder = { $count ->
    [one] ⏰ Скоро срок сборки у { $count } отправления (сообщение { $part } из { $parts })
   *[other] ⏰ Скоро срок сборки у { $count } отправлений (сообщение { $part } из { $parts })
}
postings-digest-hint = Нажмите номер, чтобы открыть отправление.
postings-reminder = ⏰ Отправление { $posting } всё ещё ждёт сборки; соберите его до { $deadline }.
postings-list-title = Отправления, ожидающие сборки: { $count }
postings-list-empty = Нет отправлений, ожидающих сборки.
postings-list-ship = { $index } 📦 Собрать
postings-list-card = { $index } 📋 Карточка
postings-list-line = { $index }. { $gist } · { $posting }
postings-list-prev = « Назад
postings-list-next = Дальше »
postings-label-preparing = Готовлю этикетку…
postings-label-caption = Этикетка отправления { $posting }
postings-label-failed = Не удалось получить этикетку отправления { $posting }: { $reason }
postings-label-once = Эта этикетка уже отправляется. Если нужна ещё одна копия, нажмите снова через полминуты.
postings-step-over = Этот шаг уже завершён. Начните заново: /ship или /cancel_posting.
postings-text-empty = Текст пустой. Напишите его ещё раз.
postings-text-too-long = Слишком длинный текст: не больше { $max } { $max ->
    [one] символа
    [few] символов
   *[many] символов
}. Сократите его.
postings-choose = Какое отправление? Нажмите кнопку или введите номер.
postings-choose-none-listed = Сейчас нет отправлений, ожидающих сборки. Введите номер отправления или нажмите «Закрыть».
postings-choose-order = { $count ->
    [one] В заказе { $order } { $count } отправление ждёт сборки. Какое выбрать?
    [few] В заказе { $order } { $count } отправления ждут сборки. Какое выбрать?
   *[other] В заказе { $order } { $count } отправлений ждут сборки. Какое выбрать?
}
postings-order-none = У заказа { $order } нет отправлений, ожидающих сборки. Проверьте номер и введите его снова.
postings-unknown = Не знаю отправления «{ $posting }». Проверьте номер и введите его ещё раз.
postings-not-awaiting = Отправление { $posting } уже не ждёт сборки (статус: { $status }). Выберите другое.
postings-ship-how = Как собрать?
postings-ship-one-package = Одна коробка
postings-ship-split = Разделить на коробки
postings-ship-split-product = { $name }: { $quantity } шт. Сколько штук в каждую коробку? Введите числа через пробел, например «1 1».
postings-ship-split-invalid = Введите целые числа через пробел, по одному на коробку, например «2 1».
postings-ship-split-sum = В сумме { $sum }, а в отправлении { $quantity } шт. Введите ещё раз.
postings-ship-mark = Код маркировки: { $name }, штука { $unit } из { $units }:
postings-ship-mark-duplicate = Этот код уже введён для штуки { $unit }: { $name }. Отсканируйте код этой штуки.
postings-ship-jw-uin = УИН ювелирного изделия: { $name }, штука { $unit } из { $units }:
postings-ship-imei = IMEI: { $name }, штука { $unit } из { $units } (15 цифр):
postings-ship-imei-invalid = IMEI — это 15 цифр. Введите его ещё раз.
postings-ship-weight = Фактический вес: { $name }, штука { $unit } из { $units }, в килограммах (например, 0,455):
postings-ship-weight-range = Фактический вес: { $name }, штука { $unit } из { $units }, в килограммах — от { $min } до { $max }:
postings-ship-weight-invalid = Введите вес в килограммах, например 0,455.
postings-ship-weight-out = Для этого товара Ozon принимает вес от { $min } до { $max } кг. Взвесьте ещё раз и введите вес.
postings-ship-gtd = { $units ->
    [1] Номер грузовой таможенной декларации (ГТД): { $name }. Если ГТД у товара нет, нажмите «Нет ГТД».
   *[other] Номер грузовой таможенной декларации (ГТД): { $name }, один на все { $units } шт. Если ГТД у товара нет, нажмите «Нет ГТД».
}
postings-ship-rnpt = { $units ->
    [1] Регистрационный номер партии товара (РНПТ): { $name }. Если РНПТ нет, нажмите «Нет РНПТ».
   *[other] Регистрационный номер партии товара (РНПТ): { $name }, один на все { $units } шт. Если РНПТ нет, нажмите «Нет РНПТ».
}
postings-ship-no-gtd = Нет ГТД
postings-ship-no-rnpt = Нет РНПТ
postings-units-intro = Перед сборкой Ozon требует: { $list }. Отсканируйте или введите каждое значение.
postings-units-part = { $kind ->
    [mandatory_mark] коды маркировки «Честный ЗНАК» (штук: { $count })
    [jw_uin] УИН ювелирных изделий (штук: { $count })
    [imei] IMEI (штук: { $count })
    [weight] фактический вес (штук: { $count })
    [gtd] номер ГТД (товаров: { $count })
   *[rnpt] номер РНПТ (товаров: { $count })
}
postings-units-what = { $kind ->
    [mandatory_mark] код маркировки: { $name }, штука { $unit }
    [jw_uin] УИН: { $name }, штука { $unit }
    [imei] IMEI: { $name }, штука { $unit }
    [weight] вес: { $name }, штука { $unit }
    [gtd] ГТД: { $name }
   *[rnpt] РНПТ: { $name }
}
postings-units-refused = { $count ->
    [one] Ozon не принял { $count } ответ:
        { $list }
        Введите ещё раз.
    [few] Ozon не принял { $count } ответа:
        { $list }
        Введите их ещё раз.
   *[many] Ozon не принял { $count } ответов:
        { $list }
        Введите их ещё раз.
}
postings-units-refused-item = • { $what } «{ $value }»: { $words }
postings-units-refused-plain = • { $what } «{ $value }»
postings-units-none = нет
postings-units-kg = { $kg } кг
postings-units-checking = Ozon ещё проверяет данные; обычно это занимает минуту. Нажмите кнопку, чтобы посмотреть снова.
postings-units-check-again = 🔁 Проверить снова
postings-units-not-accepted = ❌ Ozon не принял данные отправления { $posting } ({ $status }) и не назвал, что исправить. Проверьте отправление в кабинете Ozon.
postings-ship-confirm = { $count ->
    [one] Собрать отправление { $posting } в { $count } коробке?
   *[other] Собрать отправление { $posting } в { $count } коробках?
}
postings-ship-more-lines = …и ещё { $count }
postings-ship-package = Коробка { $number }:
postings-ship-marks-count = Кодов маркировки: { $count }
postings-ship-confirm-button = ✅ Собрать
postings-ship-done-one = ✅ Отправление { $posting } собрано. Этикетка — ниже; ещё раз — кнопкой:
postings-ship-done = ✅ Отправление { $posting } собрано (отправления: { $numbers }). Этикетка — ниже; ещё раз — кнопкой:
postings-ship-failed = ❌ Отправление { $posting } не собрано: { $reason }
postings-ship-packed-by = 📦 Отправление { $posting } уже собрано — { $name }, { $time }. Этикетка:
postings-ship-packed-outside = 📦 Отправление { $posting } уже собрано не через бота (в кабинете Ozon). Этикетка:
postings-cancel-reason = Почему отменяете отправление { $posting }?
postings-cancel-no-reasons = Ozon сейчас не предлагает причин отмены отправления { $posting }.
postings-cancel-explain = Поясните причину в нескольких словах (до 500 символов):
postings-cancel-confirm = Отменить отправление { $posting }?
    Причина: { $reason }
    Пояснение: { $explanation }
postings-cancel-confirm-button = ✅ Да, отменить
postings-cancel-done = ✅ Отправление { $posting } отменено.
postings-cancel-failed = ❌ Отправление { $posting } не отменено: { $reason }
postings-cancel-left = Вы вышли из диалога. Отправление не отменено.
postings-cancel-keep = Не отменять
postings-cancel-reason-title = { $title }
postings-subscribed = 🔔 Теперь в этот чат приходит уведомление о каждом новом отправлении.
postings-already-subscribed = 🔔 Этот чат уже получает уведомления об отправлениях.
postings-unsubscribed = 🔕 Этот чат больше не получает уведомления об отправлениях.
postings-not-subscribed = Этот чат не подписан на уведомления об отправлениях. Подписаться: /subscribe.
postings-subscribe-group-admin-only = Подписать или отписать группу может только администратор.
postings-warehouses-current-all = Уведомления по всем складам.
postings-warehouses-current = Уведомления только по складам: { $names }
postings-warehouses-hint = Нажмите на склады, чтобы получать уведомления только по ним.
postings-warehouses-all = Все склады
postings-warehouses-done = Готово
postings-shop-unknown = Этот магазин больше не подключён к боту: кнопка ничего не делает.
postings-shop-not-yours = Это относится к магазину «{ $name }», на который ваша роль не распространяется.
postings-shops-current-all = Уведомления по всем вашим магазинам.
postings-shops-current = Уведомления только по магазинам: { $names }
postings-shops-hint = Нажмите на магазины, чтобы получать уведомления только по ним; 🏭 — выбрать склады магазина.
postings-shops-all = Все магазины
postings-shops-warehouses = 🏭 Склады
postings-error-ship-failed = Ozon принял запрос, но отправление не перешло дальше. Попробуйте через минуту.
postings-error-declined = Ozon ответил, что не выполнил это для { $posting } («не выполнено», без причины). В Ozon ничего не изменилось: проверьте отправление в личном кабинете Ozon.
postings-error-rate-limited = Ozon просит не спешить (слишком много запросов). Попробуйте через минуту.
postings-error-auth = Ozon не принял ключ API. Попросите администратора проверить настройки Ozon.
postings-error-network = Ozon не ответил вовремя. Попробуйте через минуту.
postings-error-input = Ozon не может принять такой запрос.
postings-error-already-shipped = Отправление { $posting } уже собрано.
postings-error-already-cancelled = Отправление { $posting } уже отменено.
postings-error-not-found = Ozon не знает отправления { $posting }. Проверьте номер.
postings-error-wrong-status = Отправление { $posting } уже в статусе, в котором это сделать нельзя.
postings-error-marks = Ozon не принял коды маркировки.
postings-error-units = Ozon сообщает, что данных экземпляров (маркировка, ГТД, вес…) нет или они не приняты ({ $code }). Соберите через «📦 Собрать»: диалог спросит, что нужно.
postings-error-quantity = Количество не совпадает с отправлением.
postings-error-cancel-reason = Ozon не принимает эту причину отмены.
postings-error-unavailable = Ozon временно недоступен. Попробуйте через несколько минут.
postings-error-method-gone = Ozon сейчас не отвечает на этот запрос: сбой на стороне Ozon. Попробуйте позже; администраторы видят это в /status.
postings-error-ozon = Ozon ответил: { $message }
postings-error-unknown = Что-то пошло не так при обращении к Ozon. Попробуйте чуть позже.
postings-cancelled = { $who ->
    [buyer] ❌ { $posting } отменено покупателем — не отгружайте.
    [seller] ❌ { $posting } отменено продавцом — не отгружайте.
    [ozon] ❌ { $posting } отменено Ozon — не отгружайте.
    [delivery] ❌ { $posting } отменено службой доставки — не отгружайте.
   *[other] ❌ { $posting } отменено — не отгружайте.
}
postings-cancelled-reason = Причина: { $reason }
postings-packed-by = ✅ { $posting } собрано — { $name }, { $time }.
postings-packed-outside = ✅ { $posting } собрано вне бота (в кабинете продавца Ozon), замечено: { $time }.
postings-deadline-moved = ⏰ Срок сборки { $posting } перенесён: собрать до { $deadline } (было { $previous }).
postings-now-status = Отправление { $posting } уже не ждёт сборки: { $status }.

## Today and handover
command-today =
    .description = Отправления на сегодня по складам и срокам
    .button = 📅 Сегодня
command-handover =
    .description = Передать курьеру: сформировать акт
    .button = 🚚 Отгрузка
today-title = 📅 Отгрузить сегодня
today-nothing = Сегодня отгружать нечего.
today-failed = Ozon не отдал отправления на сегодня: { $reason }
today-group = { $index }. { $warehouse } · до { $cutoff }: { $total }, собрано { $packed }{ $late ->
    [0] {""}
   *[other] , ⏰ опаздывают { $late }
}
today-group-title = { $warehouse } · до { $cutoff }: { $total }, собрано { $packed }
today-group-more = …и ещё { $count }: см. /postings.
today-group-gone = Этой группы больше нет на сегодня. Откройте /today заново.
today-labels-button = 🏷 Этикетки всех собранных ({ $count })
today-group-labels-button = 🏷 Этикетки собранных ({ $count })
today-handover-button = 🚚 Отгрузка
labels-none-packed = Нет собранных отправлений для этикеток.
labels-preparing = ⏳ Запрашиваю у Ozon { $count } { $count ->
    [one] этикетку
    [few] этикетки
   *[many] этикеток
}…
labels-progress = ⏳ Ozon готовит { $count } { $count ->
    [one] этикетку
    [few] этикетки
   *[many] этикеток
}: готово частей { $ready } из { $parts }.
labels-done = ✅ Этикетки готовы: { $printed } из { $count }.
labels-unprinted-title = Ozon не напечатал:
labels-unprinted-line = • { $posting }: { $reason }
labels-unprinted-more = …и ещё { $count }.
labels-caption = 🏷 Этикетки: { $count }
labels-failed = Не удалось получить этикетки: { $reason }
labels-undelivered = ❌ Этикетки готовы, но Telegram не принял файл. Нажмите «Повторить», чтобы отправить его ещё раз.
labels-undelivered-tap = ❌ Этикетки готовы, но Telegram не принял файл. Нажмите кнопку этикеток ещё раз.
desk-file-part = { $caption } · часть { $part } из { $parts }
desk-retry-button = 🔁 Повторить
desk-retry-started = Отправляю ещё раз…
desk-retry-busy = Уже отправляется: придёт сюда.
desk-retry-gone = Здесь больше нечего отправлять: запросите заново.
desk-retry-not-yours = Отправить ещё раз может только тот, кто запрашивал.
handover-over = Этот диалог закончен. Начните заново: /handover.
handover-nothing = Передавать нечего: нет собранных отправлений, ждущих курьера.
handover-method = Какой способ доставки (и склад)?
handover-places = Сколько грузовых мест? Напишите число от 1 до { $max } или нажмите «Без грузовых мест».
handover-no-places = Без грузовых мест
handover-places-invalid = Напишите число от 0 до { $max }.
handover-confirm = Сформировать акт для { $method }? Собранных отправлений: { $count }. Грузовых мест: { $places ->
    [0] нет
   *[other] { $places }
}.
handover-confirm-button = ✅ Сформировать акт
handover-create-failed = Ozon не сформировал акт: { $reason }
handover-waiting = ⏳ Ozon готовит акт…{ $polls ->
    [0] {""}
   *[other] {" "}(проверок: { $polls })
}
handover-slow = ⏳ Ozon всё ещё готовит акт спустя { $minutes } мин. Я жду дальше и пришлю его сюда, когда он будет готов.
handover-failed = ❌ Ozon не подготовил акт { $act }: { $reason }
handover-ready = ✅ Акт { $act } готов: отправлений { $count }, { $method }.
handover-removed-title = Ozon не включил { $count }:
handover-removed-line = • { $posting } (сейчас: { $status })
handover-act-caption = 🚚 Акт приёма-передачи { $act }
handover-places-caption = 📦 Этикетки грузовых мест: { $places }
handover-undelivered = ❌ Акт { $act } готов, но Telegram не принял документы. Нажмите «Повторить», чтобы отправить их ещё раз.

## Find
command-find =
    .description = Найти отправление по номеру, номеру заказа или штрихкоду этикетки
    .button = 🔍 Найти отправление
find-prompt = Пришлите номер отправления (12345678-0001-1), номер заказа (12345678-0001) или цифры под штрихкодом этикетки — или фото этикетки.
find-placeholder = Номер, заказ или цифры штрихкода
find-not-a-number = «{ $text }» — не номер отправления, не номер заказа и не цифры штрихкода. Например: 12345678-0001-1. Отправьте /find, чтобы попробовать снова.
find-status = Статус: { $status }
find-none-posting = 🔍 Отправление { $query } не найдено.
find-none-order = 🔍 Отправления заказа { $query } не найдены.
find-none-barcode = 🔍 Отправление со штрихкодом { $query } не найдено.
find-searched = Искал в магазинах: { $stores }.
find-more = Показано { $shown } из { $count } { $count ->
    [one] отправления
    [few] отправлений
   *[many] отправлений
}.
find-photo-no-barcode = Не удалось прочитать штрихкод отправления на этом фото. Переснимите: поближе к нижнему штрихкоду этикетки, чтобы он занял большую часть кадра, этикетка ровно и при хорошем свете, без бликов. Или наберите цифры под штрихкодом.
find-photo-too-big = Картинка больше, чем я читаю ({ $limit }). Переснимите её в меньшем разрешении или наберите цифры под штрихкодом.
find-photo-fetch-failed = Не удалось получить фото из Telegram. Пришлите его ещё раз.

## Batch labels in the background
labels-slow = ⏳ Ozon всё ещё готовит этикетки ({ $count }) спустя { $minutes } мин (готово частей: { $ready } из { $parts }). Я жду дальше и пришлю их сюда, как только они будут готовы, — нажимать ещё раз не нужно.
labels-once = Эти этикетки уже готовятся: пришлю их сюда, как только Ozon их подготовит.
labels-not-now = Бот перезапускается. Нажмите ещё раз через минуту.

## Labels for a chosen set
labels-pick-open-button = ☑️ Выбрать для этикеток
labels-pick-title = ☑️ Нажмите на отправления, которые нужно напечатать: выбрано { $chosen } из { $count } (не больше { $max } за раз).
labels-pick-page = Страница { $page } из { $pages }
labels-pick-page-button = ☑️ Вся страница
labels-pick-clear-button = ✖️ Сбросить
labels-pick-go-button = 🏷 Этикетки для { $count }
labels-pick-empty = Сначала выберите хотя бы одно отправление: нажмите на его номер.
labels-pick-full = Не больше { $max } { $max ->
    [one] отправления
    [few] отправлений
   *[many] отправлений
} за раз. Напечатайте эти, потом выберите остальные.
labels-pick-expired = Этот список устарел. Откройте /today и выберите заново.
labels-pick-not-yours = Этот список открыл другой человек. Откройте свой из /today.
labels-pick-asked = 🏷 Этикетки для выбранных отправлений ({ $count }): запросил у Ozon, пришлю ниже.

## Cancelled after packing
postings-cancelled-packed = { $who ->
    [buyer] ❌ { $posting } отменено покупателем уже после сборки — не передавайте курьеру.
    [seller] ❌ { $posting } отменено продавцом уже после сборки — не передавайте курьеру.
    [ozon] ❌ { $posting } отменено Ozon уже после сборки — не передавайте курьеру.
    [delivery] ❌ { $posting } отменено службой доставки уже после сборки — не передавайте курьеру.
   *[other] ❌ { $posting } отменено уже после сборки — не передавайте курьеру.
}

## Phone-first polish: cards and dialogs (issue 17)
dialog-left = Вы вышли из диалога. Ничего не изменено.
postings-button-quick-pack = ⚡ Собрать в 1 коробку
postings-quick-packing = Собираю в 1 коробку…
postings-quick-busy = Это отправление уже собирают. Подождите немного.
dialog-none = Сейчас нет открытого диалога: выходить не из чего.
postings-button-split = ✂️ Разделить на коробки
