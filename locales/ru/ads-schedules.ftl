## Scheduled reports (/schedule)

command-schedule =
    .description = Отчёты по расписанию и ежедневная сводка
    .button = 🗓 Расписание
schedule-list = 🗓 Отчёты по расписанию: { $count } из { $max }. Время — { $zone }.
schedule-list-group = 🗓 Отчёты по расписанию в эту группу: { $count } (у каждого администратора — до { $max } всего). Время — { $zone }.
schedule-none = Пока ни одного. Нажмите «➕ Новое расписание».
schedule-none-start = Пока ни одного — начнём первое.
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
schedule-period-last-month = Прошлый месяц
schedule-format-csv = CSV
schedule-format-xlsx = XLSX
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

## Report texts: values inside a sentence

schedule-period-yesterday-value = вчера
schedule-period-last-7-days-value = последние 7 дней
schedule-period-last-30-days-value = последние 30 дней
schedule-period-last-month-value = прошлый месяц
