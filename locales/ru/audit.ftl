## Audit
command-audit =
    .description = Журнал действий: кто что менял в Ozon через бота
    .button = 🧾 Журнал
audit-title = 🧾 Журнал: последние записи ({ $count })
audit-empty = Записей нет.
audit-shop = 🏬 { $name }
audit-change = { $from } → { $to }
audit-result-done = ✅ выполнено
audit-result-refused = ⛔ Ozon отказал: { $words }
audit-result-failed = ⚠️ не удалось: { $words }
audit-back = « Назад
audit-export-button = 📥 Выгрузить
audit-kinds-button = 🔎 По виду
audit-stores-button = 🏬 По магазину
audit-kinds-title = Какие записи показать?
audit-stores-title = Записи какого магазина показать?
audit-store-gone = Этого магазина больше нет.
audit-filter-kind = Вид: { $kind }
audit-filter-syntax = Не понял фильтр «{ $word }». Примеры: /audit 12345678-0001-1 · /audit campaign 123 · /audit person 101 · /audit sku 456 · /audit return 789 · /audit store Южный · /audit ship
audit-filter-store = Магазин «{ $word }» не найден. Напишите его название или Client-Id: /audit store Южный
audit-export-title = 📥 Выгрузить журнал в XLSX за:
audit-export-days = { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}
audit-export-empty = За этот период записей нет.
audit-export-failed = Не получилось собрать файл. Попробуйте позже.
audit-export-caption = 🧾 Журнал за { $days } дн.: записей { $count }
audit-export-capped = { $max ->
    [one] Показана только первая { $max } запись: выберите период короче.
    [few] Показаны только первые { $max } записи: выберите период короче.
   *[many] Показаны только первые { $max } записей: выберите период короче.
}
audit-xlsx-sheet = Журнал
audit-xlsx-headers = Время|Кто|ID|Магазин|Действие|Объект|Как|Было|Стало|Итог|Ответ Ozon|Подробнее
audit-xlsx-done = выполнено
audit-xlsx-refused = отказ Ozon
audit-xlsx-failed = не удалось
audit-history-button = 🕘 История
audit-history-posting = 🕘 История отправления { $id }
audit-history-campaign = 🕘 История кампании { $id }
audit-history-sku = 🕘 История товара SKU { $id }
audit-kind-ship = 📦 Сборка
audit-kind-cancel = ❌ Отмена
audit-kind-label-batch = 🏷 Этикетки
audit-kind-courier-act = 🚚 Акт
audit-kind-budget = 💰 Бюджет
audit-kind-bid = 📈 Ставка
audit-kind-campaign-state = ⏯ Запуск/пауза
audit-kind-campaign-period = 📅 Период
audit-kind-question = ❓ Вопрос
audit-kind-store = 🏬 Магазин
audit-kind-role = 👤 Роль
audit-kind-invite = ✉️ Приглашение
audit-kind-schedule = 🗓 Расписание
audit-kind-stock = 📦 Остаток
audit-kind-price = 🏷 Цена
audit-kind-delivery-step = 🛵 Доставка
audit-kind-return-decision = ↩️ Возврат
audit-kind-dispute = ⚖️ Спор
