## Reports

ads-kind-campaigns = Статистика кампаний
ads-kind-phrases = Поисковые фразы
ads-kind-attribution = Атрибуция заказов
ads-group-day = По дням
ads-group-week = По неделям
ads-group-month = По месяцам
ads-quick-yesterday = ⚡ Вчера
ads-quick-week = ⚡ 7 дней
ads-quick-month = ⚡ Месяц
ads-period-yesterday = Вчера
ads-period-last-7-days = Последние 7 дней
ads-period-last-30-days = Последние 30 дней
ads-period-this-month = Этот месяц
ads-period-last-month = Прошлый месяц
ads-days = { $days } дн.
ads-report-choose = Выберите кампании для отчёта (не больше { $max }) и нажмите «Готово». Можно написать часть названия — покажу подходящие.
ads-report-done-button = Готово ({ $count })
ads-report-choose-one = По какой кампании отчёт? Можно написать часть названия — покажу подходящие.
ads-report-more-button = ➕ Несколько кампаний
ads-report-too-many = В одном отчёте не больше { $max } { $max ->
    [one] кампании
    [few] кампаний
   *[many] кампаний
}, а выбрано бы стало { $count }.
ads-report-none-chosen = Выберите хотя бы одну кампанию.
ads-report-period = За какой период? Дни считаются { $zone }.
    Или напишите даты, например { $example }
ads-period-bad-format = Не понял даты. Напишите так: { $example }
ads-period-bad-date = Такой даты нет в календаре. Проверьте день и месяц.
ads-period-bad-order = Конец периода раньше его начала.
ads-period-bad-future = Период не может заканчиваться позже сегодняшнего дня.
ads-period-too-long = Период слишком длинный: { $days } дн., а Ozon строит отчёт не больше чем за { $max } дн. Для этого конца периода самое раннее начало — { $earliest }
ads-report-kind = Какой отчёт нужен?
ads-report-phrases-one = Отчёт по поисковым фразам строится для одной кампании: выберите ровно одну.
ads-report-no-objects = В этой кампании нет товаров, отчёт по фразам не построить. Выберите другой отчёт.
ads-report-objects = По каким товарам (SKU) нужны фразы?
ads-report-objects-all = Все ({ $count })
ads-report-days = Окно атрибуции: за сколько дней после клика учитывать заказы?
ads-report-bad-days = Окно атрибуции — от 1 до 365 дней.
ads-report-bad-request = Такой отчёт сформировать нельзя. Начните заново: /report
ads-report-confirm = Сформировать отчёт?
    { $kind }
    Кампании: { $campaigns }
    Период: { $period }
    Группировка: { $grouping }
ads-report-confirm-objects = Товары: { $objects }
ads-report-confirm-days = Окно атрибуции: { $days } дн.
ads-report-order-button = ✅ Сформировать
ads-report-other-period-button = 📅 Другие даты
ads-report-other-kind-button = 📑 Другой вид отчёта
ads-report-again-button = ⚡ Как в прошлый раз: { $campaigns } · { $period } · { $grouping }
ads-again-yesterday = вчера
ads-again-7-days = 7 дней
ads-again-30-days = 30 дней
ads-again-this-month = этот месяц
ads-again-last-month = прошлый месяц
ads-report-refused = Отчёт не сформирован: { $reason }
ads-report-about = { $kind } · { $campaigns } · { $period }
ads-report-progress-ordered = ⏳ Отчёт формируется: отправляю запрос в Ozon…
    { $about }
ads-report-progress-queued = ⏳ Отчёт в очереди: { $place }-й. Ozon готовит отчёты по одному.
    { $about }
ads-report-progress-busy = ⏳ Ozon занят другими отчётами этого аккаунта, отчёт в очереди: { $place }-й. Повторю запрос сам.
    { $about }
ads-report-progress-preparing = ⏳ Ozon готовит отчёт…
    { $about }
ads-report-progress-sending = 📤 Отчёт готов, отправляю файл…
    { $about }
ads-report-progress-delivered = ✅ Отчёт отправлен.
    { $about }
ads-report-caption = 📊 { $about }

    { $summary }
ads-report-no-summary = Сводку по файлу составить не удалось — откройте файл.
ads-summary-impressions = Показы
ads-summary-clicks = Клики
ads-summary-ctr = CTR
ads-summary-spend = Расход
ads-summary-orders = Заказы
ads-summary-revenue = Выручка
ads-summary-nothing = В отчёте нет показов, кликов и расходов.
ads-report-failed-ozon = ❌ Ozon не смог подготовить отчёт: { $message }
    { $about }
ads-report-failed-ozon-silent = ❌ Ozon не смог подготовить отчёт и не назвал причину. Попробуйте заказать его ещё раз или с другим периодом.
    { $about }
ads-report-failed-rejected = ❌ Ozon отклонил запрос отчёта: { $message }
    { $about }
ads-report-failed-gave-up = ❌ Не удалось получить отчёт: Ozon долго не отвечает. Закажите его ещё раз чуть позже.
    { $about }
ads-report-failed-unreadable = ❌ Ozon сообщил, что отчёт готов, но файл не скачивается: { $message }
    { $about }
ads-report-failed-too-large = ❌ Отчёт готов, но файл от Ozon больше, чем бот может принять, и повторный запрос этого не изменит. Закажите отчёт за меньший период, по меньшему числу кампаний или с группировкой по неделям или месяцам.
    { $about }
ads-report-failed-delivery = ❌ Отчёт готов, но отправить файл в Telegram не получилось. Закажите его ещё раз.
    { $about }
ads-report-failed-shop-removed = ❌ Отчёт отменён: его магазин отключён.
    { $about }
ads-report-cancelled = ❌ Отчёт отменён: магазин «{ $name }» отключён, пока отчёт готовился. Если магазин подключат снова, закажите отчёт заново: /report
    { $about }
ads-report-retry-button = 🔁 Повторить
ads-report-retry-gone = Этого отчёта больше нет в списке. Закажите его заново: /report
ads-report-retry-not-yours = Повторить отчёт может только тот, кто его заказал.
ads-report-retry-done = Этот отчёт уже заказан повторно.

## Report charts and XLSX

report-chart-title = Расход и заказы по дням
report-chart-title-clicks = Расход и клики по дням
report-chart-title-spend = Расход по дням
report-chart-spend = Расход, ₽
report-chart-orders = Заказы
report-chart-clicks = Клики
report-chart-others = Остальные
report-chart-caption = 📈 { $title } · { $period }
report-xlsx-button = 📊 Скачать в XLSX
report-xlsx-caption = 📊 { $about } (XLSX)
report-xlsx-total = Всего
report-xlsx-expired = XLSX этого отчёта уже не собрать: отчёт хранится { $days } дн. Закажите его заново — кнопкой ниже.
report-xlsx-reorder-button = 🔁 Заказать снова (XLSX)
report-xlsx-not-yours = Эта кнопка — для того, кто заказал отчёт.
report-xlsx-gone = Этого отчёта больше нет. Закажите его заново: /report
report-xlsx-too-large = Отчёт слишком большой для XLSX: строк в нём { $rows }, а можно не больше { $max }. Откройте CSV.
report-xlsx-failed = Не удалось собрать XLSX. Откройте CSV или попробуйте позже.
report-xlsx-reordered = 🔁 Отчёт заказан снова, пришлю его в XLSX.
report-format-csv-button = CSV
report-format-xlsx-button = XLSX
report-format-chosen = Файл: { $format }

## Report texts: values inside a sentence

ads-group-day-value = по дням
ads-group-week-value = по неделям
ads-group-month-value = по месяцам
ads-campaign-quoted = «{ $title }»
