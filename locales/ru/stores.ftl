## Stores
shop-tag = 🏬 { $name }
shop-choose = Какой магазин?
shop-none-for-you = У вас нет доступа ни к одному магазину для этого действия. Попросите администратора.
shop-gone = Магазин «{ $name }» отключён, пока шёл диалог. Диалог закрыт, ничего не изменено.
shop-paused = Магазин «{ $name }» на паузе: бот его сейчас не обслуживает.
command-stores =
    .description = Магазины Ozon: добавить, переименовать, пауза, удалить
    .button = 🏬 Магазины
stores-title = Магазины Ozon: { $count }
stores-empty = Ни один магазин Ozon ещё не подключён.
stores-origin-env = из настроек
stores-origin-bot = добавлен в боте
stores-api-seller = Seller API
stores-api-performance = Performance API
stores-keys-ok = ✅ ключи работают
stores-keys-refused = ❌ Ozon отклоняет ключи
stores-keys-unknown = ⏳ ещё не проверены
stores-last-ok = последний успешный запрос { $time }
stores-paused-mark = ⏸ на паузе: не опрашивается
stores-pause-button = ⏸ Пауза
stores-resume-button = ▶️ Возобновить
stores-remove-button = 🗑 Удалить
stores-add-button = ➕ Добавить магазин
stores-back = « Назад
stores-gone = Этот магазин больше не подключён. Вот список, какой он сейчас.
stores-from-env = «{ $name }» задан в настройках (OZON_STORES или переменные OZON_…): удалить его можно только там. Здесь его можно поставить на паузу или переименовать.
stores-pause-confirm = Поставить «{ $name }» на паузу? Бот перестанет его опрашивать (ни оповещений, ни сообщений покупателей), пока вы его не возобновите.
stores-pause-yes = ⏸ Да, на паузу
stores-resume-confirm = Возобновить «{ $name }»? Бот снова будет его опрашивать.
stores-resume-yes = ▶️ Да, возобновить
stores-remove-confirm = Удалить «{ $name }»? Опрос остановится, ключи будут удалены из бота. Его записи останутся: если добавить его снова, они подхватятся.
stores-remove-yes = 🗑 Да, удалить
stores-paused = ⏸ «{ $name }» на паузе.
stores-resumed = ▶️ «{ $name }» снова опрашивается.
stores-removed = 🗑 «{ $name }» удалён.
stores-add-private = Ключи вводятся только в личном чате: откройте личный чат со мной и отправьте там /stores.
stores-add-over = Этот диалог завершён. Откройте /stores, чтобы добавить магазин.
stores-add-left = Добавление магазина отменено, ничего не сохранено.
stores-add-name = Как назвать новый магазин? (не больше { $max } { $max ->
    [one] символа
    [few] символов
   *[many] символов
} — название будет в заголовке его оповещений)
stores-name-empty = Название не может быть пустым.
stores-name-too-long = В названии { $length } { $length ->
    [one] символ
    [few] символа
   *[many] символов
}, а можно не больше { $max }. Введите название покороче.
stores-name-bad-characters = В названии не должно быть символов <, > и &. Введите другое.
stores-name-taken = Магазин «{ $name }» уже есть. Выберите другое название.
stores-add-client-id = Client-Id магазина «{ $name }» (личный кабинет Ozon → Настройки → Seller API): цифры, как их показывает Ozon.
stores-client-id-bad = Client-Id — от 1 до 64 букв, цифр, знаков - или _. Проверьте и введите снова.
stores-client-id-taken = Этот Client-Id уже подключён как «{ $name }».
stores-add-api-key = Теперь Api-Key. Я удалю ваше сообщение с ним сразу, как прочитаю.
stores-key-bad = Это не похоже на ключ (без пробелов, не длиннее 4096 символов). Отправьте его снова.
stores-key-not-deleted = ⚠️ Не получилось удалить ваше сообщение с ключом. Удалите его, пожалуйста, сами.
stores-key-not-name = 🔑 Это похоже на ключ Ozon, а не на название, поэтому я удалил сообщение. Ключи — позже, после Client-Id.
stores-key-not-client-id = 🔑 Это похоже на Api-Key, а не на Client-Id, поэтому я удалил сообщение: Api-Key нужен на следующем шаге.
stores-key-not-performance-id = 🔑 Это похоже на client secret, а не на client id, поэтому я удалил сообщение: secret нужен на следующем шаге.
stores-key-not-new-name = 🔑 Это похоже на ключ Ozon, а не на название, поэтому я удалил сообщение. При переименовании магазина ключи не нужны.
stores-add-performance-id = Client id Performance API (реклама: бюджеты и отчёты) или «Пропустить», если этот магазин её не использует.
stores-performance-id-bad = В client id нет пробелов, и он не длиннее 256 символов. Введите снова или нажмите «Пропустить».
stores-add-performance-secret = Теперь client secret Performance API. Я удалю ваше сообщение с ним сразу, как прочитаю.
stores-skip = Пропустить
stores-checking = ⏳ Проверяю ключи в Ozon…
stores-refused-seller = ❌ Ozon отклонил эти ключи (Seller API): Client-Id и Api-Key не подходят друг к другу, или ключ отозван. Ничего не сохранено. Попробуем ещё раз.
stores-refused-performance = ❌ Ozon отклонил эти ключи (Performance API): client id и secret не подходят друг к другу, или secret отозван. Ничего не сохранено. Попробуем ещё раз — или нажмите «Пропустить».
stores-check-unavailable = ⚠️ Не получилось проверить ключи в Ozon сейчас (он не ответил или ответил ошибкой). Ничего не сохранено: попробуйте позже через /stores.
stores-added = ✅ Магазин «{ $name }» добавлен (Seller API). Новые отправления и сообщения покупателей из него будут приходить с этого момента.
stores-added-both = ✅ Магазин «{ $name }» добавлен (Seller и Performance API). Новые отправления и сообщения покупателей из него будут приходить с этого момента.
stores-rename-ask = Новое название для «{ $name }» (не больше { $max } { $max ->
    [one] символа
    [few] символов
   *[many] символов
}):
stores-rename-confirm = Переименовать «{ $old }» в «{ $new }»?
stores-rename-yes = ✅ Переименовать
stores-rename-again = ✏️ Другое название
stores-rename-over = Этот диалог завершён. Откройте /stores, чтобы переименовать магазин.
stores-renamed = ✅ «{ $old }» теперь называется «{ $new }».
stores-key-in-group-deleted = ⚠️ { $name }, я удалил ваше сообщение: оно похоже на ключ Ozon. Ключи вводятся только в личном чате со мной (/stores). Если его могли увидеть другие, выпустите новый ключ в личном кабинете Ozon.
stores-key-in-group-kept = ⚠️ { $name }, ваше сообщение похоже на ключ Ozon, а удалить его здесь я не могу: удалите его сейчас и выпустите новый ключ в личном кабинете Ozon. Ключи вводятся только в личном чате со мной (/stores).
stores-health-refused-seller = ❌ Ozon отклоняет ключи Seller API магазина «{ $name }»: оповещений и сообщений покупателей из него не будет, пока ключи не заработают. Проверьте их в личном кабинете Ozon; новые ключи — в настройки, или удалите магазин и добавьте снова в /stores. Я сообщу, когда они снова заработают.
stores-health-refused-performance = ❌ Ozon отклоняет ключи Performance API магазина «{ $name }»: бюджеты и отчёты по нему не работают, пока ключи не заработают. Я сообщу, когда они снова заработают.
stores-health-recovered-seller = ✅ Ключи Seller API магазина «{ $name }» снова работают.
stores-health-recovered-performance = ✅ Ключи Performance API магазина «{ $name }» снова работают.
