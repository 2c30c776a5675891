## Budget

ads-state-running = работает
ads-state-planned = запланирована
ads-state-stopped = остановлена: срок вышел
ads-state-inactive = на паузе
ads-state-archived = в архиве
ads-state-moderation = на модерации
ads-state-moderation-failed = не прошла модерацию
ads-state-other = другой статус
ads-campaigns-more = { $shown } и ещё { $more }
ads-budget-on-button = { $budget }{ $kind ->
        [weekly] /нед
       *[other] {""}
    }
ads-budget-unset = без ограничения
ads-budget-choose = Выберите кампанию, чтобы изменить её бюджет — дневной или недельный, какой у неё есть. Можно написать часть названия — покажу подходящие.
ads-list-search = Кампании по запросу «{ $search }».
ads-campaigns-none = Рекламных кампаний пока нет.
ads-search-missed = Не нашёл кампаний по запросу «{ $search }» — список прежний. Напишите другую часть названия.
ads-budget-ask = Кампания «{ $title }», { $kind ->
        [weekly] недельный
       *[other] дневной
    } бюджет сейчас: { $current }.
    Напишите новый { $kind ->
        [weekly] недельный бюджет (на 7 дней)
       *[other] дневной бюджет
    } в рублях, например 1500 или 1 500,50.
ads-budget-bad-number = «{ $input }» не похоже на сумму. Напишите число в рублях, например 1500 или 1 500,50.
ads-budget-bad-positive = Бюджет должен быть больше нуля.
ads-budget-bad-decimals = Не больше двух знаков после запятой: бюджет считается в копейках.
ads-budget-bad-min = Слишком мало: { $kind ->
        [weekly] недельный
       *[other] дневной
    } бюджет не может быть меньше { $limit }.
ads-budget-bad-max = Слишком много: { $kind ->
        [weekly] недельный
       *[other] дневной
    } бюджет не может быть больше { $limit }.
ads-budget-confirm = Изменить { $kind ->
        [weekly] недельный
       *[other] дневной
    } бюджет кампании «{ $title }»?
    { $old } → { $new }
ads-budget-rounded = Сумма округлена до копеек.
ads-budget-confirm-button = ✅ Изменить
ads-budget-other-amount-button = ✏️ Другая сумма
ads-back-button = « Назад
ads-budget-done = Готово: { $kind ->
        [weekly] недельный
       *[other] дневной
    } бюджет кампании «{ $title }» теперь { $new } (было { $old }).
ads-budget-mismatch = Ozon принял изменение, но сейчас показывает { $actual } вместо { $requested }. Проверьте ещё раз через несколько минут.
ads-budget-refused = Ozon не принял сумму: { $message }
ads-budget-kind-unknown = У кампании «{ $title }» нет ни дневного, ни недельного бюджета, и Ozon не говорит, какой из них у неё может быть. Задайте его в кабинете Ozon — тогда здесь можно будет его менять.
ads-campaign-gone = Этой кампании больше нет в списке Ozon.
ads-dialog-over = Этот диалог уже закончен. Начните заново: /budget или /report
ads-ozon-busy = Ozon сейчас перегружен запросами. Попробуйте через минуту.
ads-ozon-unavailable = Ozon не отвечает. Попробуйте чуть позже.
ads-ozon-auth = Ozon не принял ключи Performance API. Сообщите администратору бота.
ads-ozon-refused = Ozon отказал: { $message }
ads-ozon-other = Не получилось обратиться к Ozon. Попробуйте чуть позже.

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
ads-period-too-long = Период слишком длинный: { $days } дн., а Ozon строит отчёт не больше чем за { $max } дн. Для этого конца периода самое раннее начало — { $earliest }.
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

## Campaigns
command-campaigns =
    .description = Рекламные кампании: статус, бюджет, период, ставки
    .button = 📣 Кампании
campaigns-choose-store = Кампании какого магазина показать?
campaigns-head = 📣 Кампании: { $count }{ $pages ->
        [1] {""}
       *[other] , страница { $page } из { $pages }
    }
campaigns-choose = Выберите кампанию — откроется её карточка.
campaigns-spend-unknown = Расход за вчера Ozon сейчас не отдал.
campaigns-budget = { $amount } { $kind ->
        [weekly] в неделю
       *[other] в день
    }
campaigns-period-from = с { $date }, без даты окончания
campaigns-period-to = по { $date }
campaigns-period-none = без срока
campaigns-spend-short = вчера { $amount }
campaigns-card-title = 📣 «{ $title }» (№ { $id })
campaigns-card-state = Статус: { $state }
campaigns-card-budget = Бюджет: { $budget }
campaigns-card-period = Период: { $period }
campaigns-card-spend = Потрачено вчера: { $amount }
campaigns-stores-button = « Магазины
campaigns-pause-button = ⏸ Приостановить
campaigns-resume-button = ▶️ Запустить
campaigns-budget-button = 💰 Бюджет
campaigns-period-button = 📅 Период
campaigns-report-button = 📊 Отчёт
campaigns-bids-button = 🎯 Ставки
campaigns-refresh-button = 🔄 Обновить
campaigns-list-button = « К списку
campaigns-pause-confirm-button = ✅ Да, приостановить
campaigns-resume-confirm-button = ✅ Да, запустить
campaigns-back-to-card-button = « К кампании
campaigns-not-yours = Эти кнопки открыл другой человек. Откройте свой список: /campaigns
campaigns-shop-gone = Этого магазина больше нет в боте. Откройте /campaigns заново.
campaigns-toggle-not-now = Сейчас кампания { $state }: приостановить или запустить её здесь нельзя.
campaigns-pause-ask = Приостановить кампанию «{ $title }»? Сейчас: { $state }. Реклама перестанет показываться, пока вы её не запустите.
campaigns-resume-ask = Запустить кампанию «{ $title }»? Сейчас: { $state }.
campaigns-toggled = ✅ «{ $title }»: { $old } → { $new }
campaigns-changed-meanwhile = Кампания изменилась, пока вы решали: сейчас { $state }. Я ничего не менял.
campaigns-report-for = Отчёт по кампании «{ $title }».
campaigns-bids-head = 🎯 Ставки за клик — «{ $title }», страница { $page }
campaigns-bid-button = SKU { $sku } · { $bid }
campaigns-bid-none = ставку задаёт Ozon
campaigns-bids-empty = В кампании нет товаров.
campaigns-bids-hint = Нажмите на товар, чтобы изменить его ставку.
campaigns-bids-not-products = У этой кампании нет ставок на товары: это не товарная кампания с оплатой за клик.
campaigns-bids-pay-per-order = Это кампания с оплатой за заказ: её ставки Ozon меняет в другом разделе, здесь их изменить нельзя.
campaigns-bids-auto = У кампании автоматическая стратегия ({ $strategy }): ставки задаёт Ozon, и он не принимает их вручную.
campaigns-period-ask = Кампания «{ $title }», период сейчас: { $current }.
    Напишите новый период, например 01.12.2026-31.12.2026, или только дату окончания (31.12.2026). Или нажмите «Без срока».
campaigns-period-bad-format = «{ $input }» не похоже на период. Напишите так: 01.12.2026-31.12.2026 или 31.12.2026.
campaigns-period-bad-past = Дата окончания уже прошла: кампания сразу бы закончилась. Напишите дату не раньше сегодняшней.
campaigns-period-unlimited-button = ♾ Без срока
campaigns-period-confirm = Изменить период кампании «{ $title }»?
    { $old } → { $new }
campaigns-period-confirm-button = ✅ Изменить
campaigns-period-other-button = ✏️ Другие даты
campaigns-period-refused = Ozon не принял даты: { $message }
campaigns-period-done = Готово: период кампании «{ $title }» теперь { $new } (было { $old }).
campaigns-period-mismatch = Ozon принял изменение, но показывает другие даты, чем вы просили ({ $requested }). Проверьте через несколько минут.
campaigns-bid-bad-number = «{ $input }» не похоже на сумму. Напишите ставку в рублях, например 12 или 12,50.
campaigns-bid-bad-positive = Ставка должна быть больше нуля.
campaigns-bid-bad-decimals = Не больше двух знаков после запятой: ставка считается в копейках.
campaigns-bid-bad-min = Слишком мало: ставка не может быть меньше { $limit }.
campaigns-bid-bad-max = Слишком много: ставка не может быть больше { $limit }.
campaigns-bid-product-gone = Этого товара больше нет в кампании. Откройте ставки заново.
campaigns-bid-ask = «{ $name }» (SKU { $sku }) в кампании «{ $title }»: ставка за клик сейчас { $current }.
    Напишите новую ставку в рублях (от { $min } до { $max }).
campaigns-bid-competitive = Конкурентная ставка Ozon: { $bid }.
campaigns-bid-confirm = Изменить ставку за клик «{ $name }» (SKU { $sku })?
    { $old } → { $new }
campaigns-bid-confirm-button = ✅ Изменить
campaigns-bid-other-button = ✏️ Другая ставка
campaigns-bid-refused = Ozon не принял ставку: { $message }
campaigns-bid-done = Готово: ставка за клик «{ $name }» (SKU { $sku }) теперь { $new } (было { $old }).
campaigns-bid-mismatch = Ozon принял изменение, но показывает другую ставку, чем вы просили ({ $requested }). Проверьте через несколько минут.
campaigns-dialog-over = Этот диалог уже закончен. Откройте кампанию заново: /campaigns

## Scheduled reports (/schedule)
command-schedule =
    .description = Отчёты по расписанию и ежедневная сводка
    .button = 🗓 Расписание
schedule-list = 🗓 Отчёты по расписанию: { $count } из { $max }. Время — { $zone }.
schedule-list-group = 🗓 Отчёты по расписанию в эту группу: { $count } (у каждого администратора — до { $max } всего). Время — { $zone }.
schedule-none = Пока ни одного. Нажмите «➕ Новое расписание».
schedule-new-button = ➕ Новое расписание
schedule-pause-button = ⏸ Приостановить
schedule-resume-button = ▶️ Возобновить
schedule-delete-button = 🗑 Удалить
schedule-delete-yes-button = 🗑 Да, удалить
schedule-back-button = « Назад
schedule-save-button = ✅ Сохранить
schedule-delete-confirm = Удалить это расписание? Отчёты по нему больше не придут.
schedule-deleted = 🗑 Расписание удалено.
schedule-paused = ⏸ Расписание приостановлено: отчёты не придут, пока вы его не возобновите.
schedule-resumed = ▶️ Расписание возобновлено.
schedule-saved = ✅ Расписание сохранено.
schedule-limit = Расписаний уже столько, сколько можно завести: { $max }. Удалите ненужное и попробуйте снова.
schedule-group-not-admin = Отчёты по расписанию в группу может настроить только администратор этой группы. Напишите /schedule мне в личку, чтобы получать отчёты самому.
schedule-choose-campaign = По какой кампании присылать отчёт? Можно написать часть названия, чтобы найти кампанию.
schedule-choose-campaigns = Какие кампании включать в отчёт (не больше { $max })? Выберите их и нажмите «Готово». Можно написать часть названия, чтобы найти кампанию.
schedule-period-last-month = Прошлый календарный месяц
schedule-format-csv = CSV
schedule-format-xlsx = Excel (XLSX)
schedule-every = Как часто присылать отчёт?
schedule-every-day = Каждый день
schedule-every-week = Раз в неделю
schedule-every-month = Раз в месяц
schedule-weekday = В какой день недели?
schedule-weekday-1 = Пн
schedule-weekday-2 = Вт
schedule-weekday-3 = Ср
schedule-weekday-4 = Чт
schedule-weekday-5 = Пт
schedule-weekday-6 = Сб
schedule-weekday-7 = Вс
schedule-every-weekday-1 = по понедельникам
schedule-every-weekday-2 = по вторникам
schedule-every-weekday-3 = по средам
schedule-every-weekday-4 = по четвергам
schedule-every-weekday-5 = по пятницам
schedule-every-weekday-6 = по субботам
schedule-every-weekday-7 = по воскресеньям
schedule-day = Какого числа месяца? Напишите число от 1 до 31. Если в месяце нет такого дня (например, 31-го), отчёт придёт в последний день месяца.
schedule-day-bad = Нужно число от 1 до 31, например 1 или 15.
schedule-time = Во сколько присылать? Напишите время в формате ЧЧ:ММ, например 18:30 ({ $zone }).
schedule-time-pick = Во сколько присылать отчёт ({ $zone })?
schedule-time-other-button = Другое время
schedule-zone-local = { $city ->
    [moscow] по Москве
   *[other] часовой пояс { $zone }
}
schedule-time-bad = Не понял время. Напишите так: 09:00 или 18:30.
schedule-confirm = Сохранить расписание?
schedule-rule-day = каждый день в { $time }
schedule-rule-week = { $weekday } в { $time }
schedule-rule-month = каждый месяц { $day }-го числа в { $time }
schedule-rule-month-short = (в коротких месяцах — в последний день)
schedule-report = 📊 { $campaigns } · { $period } · { $grouping } · { $format }
schedule-to-me = 📬 Вам в личные сообщения
schedule-to-group = 📬 В группу «{ $title }»
schedule-owner = 👤 Автор: { $name }
schedule-next = Следующий отчёт: { $at }
schedule-next-zoned = Следующий отчёт: { $at } ({ $zone })
schedule-paused-line = ⏸ Приостановлено
schedule-paused-for = ⏸ Приостановлено: { $reason }
schedule-failed = ⚠️ Отчёт по расписанию не получился.
    🗓 { $rule }
    { $report }
    Причина: { $reason }
    { $next }
schedule-failed-retrying = Попробую ещё раз через { $minutes } мин.
schedule-failed-next = Следующая попытка — по расписанию, { $at }.
schedule-failed-shop-gone = магазин удалён из бота или у него больше нет ключей Performance API.
schedule-failed-ozon = Ozon не смог построить отчёт: «{ $message }».
schedule-failed-ozon-silent = Ozon не смог построить отчёт и не сообщил причину.
schedule-failed-error = внутренняя ошибка бота, она записана в журнал.
schedule-stopped = ⏸ Я приостановил ваш отчёт по расписанию.
    🗓 { $rule }
    { $report }
    { $where }
    Причина: { $reason }
    Он не будет приходить, пока вы не возобновите его в /schedule.
schedule-stopped-no-access = у вас больше нет доступа к отчётам этого магазина.
schedule-stopped-not-admin = вы больше не администратор этой группы.
schedule-stopped-bot-gone = меня больше нет в этой группе.
digest-button-off = 🗞 Сводка в { $time } — выкл.
digest-button-on = 🗞 Сводка в { $time } — вкл.
digest-settings-button = 🕘 Время сводки
digest-about = 🗞 Ежедневная сводка: каждый день в выбранное время ({ $zone }) — вчерашние заказы и выручка по каждому магазину, расход на рекламу и что она принесла.
digest-state-on = Сейчас: включена, приходит в { $time }.
digest-state-off = Сейчас: выключена.
digest-turn-on-button = ✅ Включить
digest-turn-off-button = 🔕 Выключить
digest-time-button = 🕘 Изменить время
digest-turned-on = ✅ Сводка будет приходить каждый день в { $time }.
digest-turned-off = 🔕 Сводка выключена.
digest-time-ask = Во сколько присылать сводку? Напишите время в формате ЧЧ:ММ, например 09:00 ({ $zone }).
digest-title = 🗞 Сводка за { $day }
digest-no-stores = Нет магазинов, к которым у вас есть доступ как у менеджера.
digest-sales = 🛒 Заказано: { $units } шт. на { $revenue }
digest-sales-none = 🛒 Заказы: у магазина нет ключей Seller API.
digest-sales-failed = 🛒 Заказы: Ozon не ответил ({ $reason }).
digest-ads = 📣 Реклама: расход { $spend }; заказы с рекламы: { $orders } на { $revenue }
digest-ads-share = (ДРР { $share } %)
digest-ads-none = 📣 Реклама: у магазина нет ключей Performance API.
digest-ads-failed = 📣 Реклама: Ozon не ответил ({ $reason }).
digest-decimal = ,
digest-gave-up = ⚠️ Сводка за { $day } не пришла: { $reason } Я пробовал около часа и больше не пытаюсь. Следующая придёт как обычно, в { $time }.
digest-gave-up-telegram = Telegram не принимал сообщение ({ $code }: { $description }).
digest-gave-up-network = не было связи с Telegram.
digest-gave-up-interrupted = бот перезапускался во время отправки.
digest-gave-up-other = отправить не получилось.

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
schedule-period-yesterday-value = вчера
schedule-period-last-7-days-value = последние 7 дней
schedule-period-last-30-days-value = последние 30 дней
schedule-period-last-month-value = прошлый календарный месяц
ads-campaign-quoted = «{ $title }»
