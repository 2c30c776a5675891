## Состояние (/status, админы): здоров ли бот
command-status =
    .description = Здоров ли бот: циклы, ошибки Ozon, ключи, очередь Telegram
    .button = 🩺 Статус
status-title-ok = 🩺 Статус бота: все циклы работают
status-title-stalled = 🩺 Статус бота: ⚠️ застряло циклов: { $n }
status-refresh = 🔄 Обновить
status-stores-none = Ни один магазин Ozon не подключён.
status-store-title = 🏬 { $name }
status-store-paused = ⏸ на паузе: не опрашивается
status-keys-seller = Seller API: { $state }
status-keys-performance = Performance API: { $state }
status-keys-ok = ✅ ключи работают
status-keys-refused = ❌ Ozon не принимает ключи
status-keys-unknown = ⏳ ещё не проверены
status-loops-none = для него не работает ни один цикл
status-loop-never = удачного прохода ещё не было
status-loop-failures = , подряд неудачно: { $n }
status-loop-holder = , ведёт { $process }
status-ozon-errors = Ошибки Ozon за час: { $list }
status-ozon-errors-none = Ошибки Ozon за час: нет
status-push = Последний пуш от Ozon: { $ago }
status-push-never = Последний пуш от Ozon: ещё не было
status-report-jobs = Отчётов в очереди: { $n }
status-ozon-switch-offs-title = ⏳ Ozon отключает { $n ->
    [one] { $n } метод, которым
    [few] { $n } метода, которыми
   *[other] { $n } методов, которыми
} пользуется эта версия (обновите бота до срока):
status-ozon-switch-off = • { $method }: { $when } → { $successor }
status-ozon-switch-off-dated = отключат { $date } (через { $days } дн.)
status-ozon-switch-off-gone = отключён с { $date }
status-ozon-switch-off-undated = объявлено, дата пока не названа
status-bot-title = 🤖 Бот
status-telegram = Очередь Telegram: ждут { $depth }, самое старое { $oldest }; 429 за час: { $limited }
status-processes = Живых процессов: { $n }
status-process = • { $process } v{ $version }, работает { $uptime }, { $memory } МБ, ведёт циклов: { $held }
status-process-this = (этот)
status-version = Версия { $version }, работает { $uptime }, память { $memory } МБ (куча { $heap } МБ)
status-ago = { $span } назад
status-stalled-notice = ⚠️ «{ $loop }» { $where }: ни одного удачного прохода, и текущий не продвигается (последний удачный: { $when }). Подробнее: /status.
status-recovered-notice = ✅ «{ $loop }» { $where } снова работает.
status-notice-of-store = магазина «{ $store }»
status-notice-of-bot = бота
status-store-brief-well = 🏬 { $name }: ✅ всё в порядке
status-store-brief-paused = 🏬 { $name }: ⏸ на паузе
status-loop-name = { $key ->
    [posting-watcher] отправления
    [chat-relay] чаты с покупателями
    [question-relay] вопросы о товарах
    [report-runner] отчёты
    [report-scheduler] отчёты по расписанию
    [digest-scheduler] ежедневная сводка
    [ozon-push] пуши Ozon
   *[other] { $name }
}
