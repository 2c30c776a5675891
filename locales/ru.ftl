## Commands
# Each command: .description for Telegram's command list and /help, .button for menu buttons.

command-start =
    .description = Главное меню
    .button = Меню
command-help =
    .description = Что я умею и что доступно вам
    .button = Помощь
command-postings =
    .description = Отправления, ожидающие сборки
    .button = 📦 Отправления
command-ship =
    .description = Собрать отправление
    .button = 📦 Собрать
command-cancel_posting =
    .description = Отменить отправление
    .button = ✖️ Отменить отправление
command-subscribe =
    .description = Получать оповещения о новых отправлениях
    .button = 🔔 Подписаться
command-unsubscribe =
    .description = Не получать оповещения
    .button = 🔕 Отписаться
command-budget =
    .description = Бюджет рекламной кампании: дневной или недельный
    .button = 💰 Бюджет
command-report =
    .description = Заказать отчёт по рекламе
    .button = 📊 Отчёт
command-invite =
    .description = Пригласить человека
    .button = ➕ Пригласить
command-users =
    .description = Люди и их роли
    .button = 👥 Люди
command-language =
    .description = Сменить язык
    .button = 🌐 Язык
command-relay_here =
    .description = Пересылать чаты покупателей в эту группу
    .button = 💬 Чаты сюда
command-cancel =
    .description = Прервать текущий диалог
    .button = Выйти

## Roles

role-admin = администратор
role-seller = продавец
role-warehouse = склад
role-manager = менеджер

## Access

access-stranger =
    Извините, этот бот работает только для команды магазина.
    Ваш Telegram id: { $id }
    Отправьте его администратору и попросите ссылку-приглашение.
access-request-button = 🙋 Попросить доступ
access-request-sent = Запрос отправлен администраторам. Когда вас пригласят, пришлют ссылку.
access-request-nobody = Сейчас ни один администратор не может получить запрос. Попробуйте позже.
access-request-wait = Запрос уже отправлен. Повторить можно через сутки.
access-request-busy = За последний час о доступе просили слишком многие. Попробуйте позже.
access-request-member = У вас уже есть доступ: /start
access-request-admin =
    🙋 Просит доступ: { $name }, Telegram id: { $id }
    Пригласить с ролью:
access-request-ignore = Не приглашать
access-request-ignored = Запрос { $id } оставлен без ответа.
access-request-handled = На этот запрос уже ответили.
access-denied = Это доступно только для ролей: { $roles }. Если вам это нужно, обратитесь к администратору.
callback-invalid = Эта кнопка больше не действует. Откройте меню заново: /start

## Welcome

welcome-person =
    Здравствуйте, { $name }!
    Ваши роли: { $roles }.
    Вот что вы можете сделать:
help-intro = Ваши роли: { $roles }. Доступные команды:
welcome-seller-hint = 💬 Сообщения покупателей из чатов Ozon приходят в этот чат. Чтобы ответить покупателю, ответьте на его сообщение (смахните его влево или нажмите и выберите «Ответить»); файлы тоже можно.
unknown-command = Такой команды я не знаю. Список команд — /help
unhandled-hint = Чтобы увидеть, что я умею, отправьте /help
unhandled-hint-seller = Чтобы ответить покупателю, ответьте на его сообщение: смахните его влево (или нажмите и удерживайте → «Ответить») и напишите ответ. Всё остальное, что я умею, — /help

## Invites

invite-choose-role = Для какой роли приглашение?
invite-created =
    Приглашение для роли «{ $role }»:
    { $link }

    Ссылка одноразовая и действует до { $expires }. Перешлите её человеку, которого приглашаете.
invite-sent-privately = Ссылку-приглашение я отправил вам в личные сообщения.
invite-open-private-chat = Я не могу написать вам лично: сначала откройте личный чат со мной и нажмите «Старт», потом повторите /invite.
invite-joined = Добро пожаловать! Теперь у вас роль «{ $role }».
invite-joined-owner = Вы — администратор этого бота. Приглашайте команду командой /invite.
invite-accepted = { $name } принял(а) приглашение: { $role }
invite-used = Это приглашение уже использовано. Попросите у администратора новое.
invite-expired = Срок действия приглашения истёк (ссылка действует сутки). Попросите у администратора новое.
invite-unknown = Ссылка-приглашение не распознана. Проверьте её или попросите у администратора новую.
invite-used-by-you = Эта ссылка уже сработала — для вас, открывать её снова не нужно.
invite-failed-admin = { $reason ->
    [used] Эта ссылка уже использована.
    [expired] Срок действия этой ссылки истёк.
   *[other] Эта ссылка не распознана.
} Вы — администратор: новое приглашение создаёт команда /invite.

# Выбор магазинов: на какие магазины приглашение (и роль в карточке /users).
invite-role-scope = { $role } · { $shops }
scope-choose-invite =
    Приглашение для роли «{ $role }»: на какие магазины?
    Отметьте магазины и нажмите «Готово» или выберите «Все магазины».
scope-all = 🌐 Все магазины
scope-done = Готово
scope-marked = ✅ { $name }
scope-unmarked = ▫️ { $name }
scope-all-stores = все магазины
scope-no-store = ни одного магазина
scope-more = ещё { $count }
scope-none-marked = Отметьте хотя бы один магазин или выберите «Все магазины».
scope-expired = Этот выбор устарел. Начните заново.
scope-shop-gone = Этот магазин удалён.

## Users

users-title = Люди с доступом к боту: { $count }
users-empty = Пока никого нет. Пригласите людей командой /invite.
users-person =
    { $name }
    Telegram id: { $id }
    Роли: { $roles }
users-no-roles = нет
users-config-admin = Администратор из настройки ADMIN_IDS: эту роль меняют только в настройках.
users-back = « К списку
users-granted = Роль «{ $role }» выдана
users-revoked = Роль «{ $role }» снята
users-unchanged = Уже изменено кем-то другим — показываю, как сейчас
users-unknown-person = Этого человека больше нет в списке
users-config-admin-locked = Этот администратор задан в настройке ADMIN_IDS; снять роль можно только там.
users-last-admin = Нельзя снять последнего администратора: сначала назначьте другого.
users-role-scoped = { $role } ({ $shops })
users-scope-button = 🏬 { $role }: { $shops }
users-scope-choose =
    { $name }: на какие магазины действует роль «{ $role }»?
    Отметьте магазины и нажмите «Готово» или выберите «Все магазины».
users-scope-changed = Магазины роли «{ $role }»: { $shops }
users-scope-unreachable = ⚠️ Роль «{ $role }» не действует ни в одном магазине: все магазины, которыми она была ограничена, удалены. Выберите магазины заново кнопкой ниже.

## Language

language-choose = Выберите язык:
language-changed = Язык: русский
language-name-ru = Русский
language-name-en = English

## Cancel

cancel-button = Выйти
cancel-not-yours = Эта кнопка «Выйти» относится к вопросу другого человека.
cancel-dialog-over = Эта кнопка «Выйти» относится к диалогу, который уже закончен.

## Dialogs

dialog-not-yours = Этот вопрос задан другому человеку.
dialog-earlier = Эта кнопка из прошлого диалога, он уже закончен. Ответьте на последний вопрос.
dialog-step-stale = Эта кнопка от прошлого шага; ответьте на последний вопрос.
dialog-answer-with-text = Ответьте текстом или кнопками.
dialog-use-buttons = Выберите кнопкой под вопросом.

## Coming soon

coming-soon = Команда /{ $command } появится в одной из следующих версий бота.

## Errors

error-generic = Что-то пошло не так. Попробуйте ещё раз чуть позже.

## Buyer chats

relay-header-buyer = 💬 Покупатель
relay-header-same-buyer = ↪ Тот же покупатель
relay-header-order = заказ { $order }
relay-header-posting = отправление { $posting }
relay-header-sku = SKU { $sku }
relay-header-chat = чат { $chat }
relay-header-product = 📦 { $name }
relay-header-order-link = 🔗 Заказ в кабинете продавца Ozon: { $url }
relay-topic-order = Заказ { $order }
relay-topic-posting = Отправление { $posting }
relay-topic-sku = SKU { $sku }
relay-topic-chat = Чат покупателя { $chat }
relay-empty = (пустое сообщение)
relay-file-too-large = 📎 { $name } ({ $size }) слишком большой для Telegram: откройте его в личном кабинете Ozon.
relay-file-unavailable = 📎 { $name } ({ $size }): Ozon не отдал файл; откройте его в личном кабинете Ozon.
relay-file-unfetched = 📎 Покупатель прислал файл, который бот не смог получить: { $name } ({ $size }). Откройте его в личном кабинете Ozon.
relay-file-empty = 📎 Покупатель прислал пустой файл: { $name }.
relay-reply-sent = ✓ Отправлено покупателю
relay-reply-anonymous = Покупателю ничего не отправлено: бот не знает, кто пишет от имени группы. Отключите «Анонимность» в правах администратора и напишите ещё раз.
relay-reply-unsupported = Такое сообщение нельзя отправить покупателю: пришлите текст, фото или файл.
relay-reply-file-too-big = Файл весит { $size }: Telegram даёт боту скачивать файлы до { $limit }. Покупателю ничего не отправлено.
relay-reply-fetch-failed = Не удалось получить файл из Telegram, покупателю ничего не отправлено. Пришлите его ещё раз.
relay-fail-premium = Не отправлено: отвечать покупателям можно с подпиской Premium Plus или Premium Pro на Ozon.
relay-fail-window = Не отправлено: время ответа этому покупателю истекло. Написать снова можно, когда покупатель напишет сам.
relay-fail-too-large = Не отправлено: Ozon не принимает такой большой файл.
relay-fail-unavailable = Не отправлено: Ozon сейчас не отвечает. Попробуйте через несколько минут.
relay-fail-not-found = Не отправлено: Ozon больше не знает этот чат.
relay-fail-auth = Не отправлено: Ozon отклонил API-ключ магазина. Администратору стоит проверить ключ и его доступ к чатам.
relay-fail-empty = Не отправлено: сообщение пустое.
relay-fail-unknown = Не отправлено: Ozon ответил «{ $detail }».
relay-fail-caption-only = Файл { $name } покупатель получил, а подпись к нему — нет:
relay-fail-other = Не отправлено: Ozon ответил непонятно или не ответил. Попробуйте ещё раз через несколько минут.
relay-fail-partial = Часть сообщения покупатель всё же получил: { $sent } из { $total }.
relay-here-private = Отправьте /relay_here в группе, куда должны приходить сообщения покупателей.
relay-here-set = Теперь сообщения покупателей приходят в эту группу. Чтобы ответить, ответьте на сообщение. Чтобы отключить, снова отправьте /relay_here.
relay-here-set-forum = Теперь сообщения покупателей приходят в эту группу, каждый чат в свою тему. Чтобы ответить покупателю, пишите в его теме. Чтобы отключить, снова отправьте /relay_here.
relay-here-needs-topics = ⚠️ Но сейчас бот не может создавать темы: сделайте его администратором с правом «Управление темами», иначе сообщения покупателей сюда не дойдут.
relay-here-cleared = Сообщения покупателей снова приходят продавцам в личные чаты.
relay-here-stop-button = Больше не присылать сюда
relay-here-not-set = Сообщения покупателей в эту группу не пересылаются.
relay-here-choose = Сообщения покупателей каких магазинов присылать в эту группу? Нажмите на магазин, чтобы добавить или убрать его.
relay-here-all-button = Все магазины
relay-here-all-shops = все магазины
relay-here-shops = 🏬 Сюда приходят: { $shops }
relay-reply-shop-gone = Не отправлено: магазин этого покупателя больше не подключён к боту.
relay-reply-not-your-shop = Не отправлено: ваша роль продавца не распространяется на магазин «{ $name }». Обратитесь к администратору.
relay-not-sent = ⚠️ Не отправлено: ваш ответ не дошёл ни до одного покупателя.
relay-not-sent-not-buyer = Сообщение, на которое вы ответили, не от покупателя.
relay-not-sent-too-old = Сообщение, на которое вы ответили, слишком старое: бот уже не знает, от какого оно покупателя.
relay-not-sent-how = Чтобы написать покупателю, откройте /chats или ответьте на последнее сообщение покупателя.
relay-not-sent-button = ✉️ Отправить: { $chat }
relay-not-sent-confirm =
    Отправить этот ответ?
    Кому: { $chat }

    { $text }
relay-not-sent-confirm-button = ✅ Отправить
relay-not-sent-cancel-button = ✖️ Не отправлять
relay-not-sent-sent = ✓ Отправлено: { $chat }.
relay-not-sent-dropped = Не отправлено. Чтобы написать покупателю, откройте /chats или ответьте на последнее сообщение покупателя.
relay-not-sent-gone = Этот ответ больше не хранится. Скопируйте своё сообщение и отправьте его снова.
relay-not-sent-not-yours = Отправить этот ответ может только тот, кто его написал.
relay-write-prompt = ✍️ Чат с покупателем отправления { $posting }: ответьте на это сообщение, чтобы написать ему.
relay-write-prompt-topic = ✍️ Чат с покупателем отправления { $posting }: пишите в этой теме, чтобы написать ему.
relay-write-in-group = Чат с покупателем открыт в группе «{ $group }»: пишите покупателю там.
relay-write-placeholder = Сообщение покупателю
relay-answer-button = ↩️ Ответить
relay-answer-prompt =
    ✍️ { $chat }
    Напишите ответ покупателю ответом на это сообщение.
relay-answer-prompt-topic =
    ✍️ { $chat }
    Напишите ответ покупателю в этой теме.

## Postings

postings-card-title = 📦 Отправление { $posting } (заказ { $order })
postings-card-deadline = ⏰ Собрать до: { $deadline }
postings-card-delivery = 🚚 { $method } · склад: { $warehouse }
postings-card-product = { $index }. { $name }
    артикул { $article } · { $quantity } шт. · { $price } за шт.
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
postings-button-cancel = ✖️ Отменить
postings-button-label = 🏷 Этикетка
postings-write-to-buyer = 💬 Написать покупателю
postings-button-list = 📋 Показать ждущие
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
postings-text-too-long = Слишком длинный текст: не больше { $max } символов. Сократите его.
postings-choose = Какое отправление? Нажмите кнопку или введите номер.
postings-choose-none-listed = Сейчас нет отправлений, ожидающих сборки. Введите номер отправления или нажмите «Выйти».
postings-choose-order = { $count ->
    [one] В заказе { $order } { $count } отправление ждёт сборки. Какое выбрать?
    [few] В заказе { $order } { $count } отправления ждут сборки. Какое выбрать?
   *[other] В заказе { $order } { $count } отправлений ждут сборки. Какое выбрать?
}
postings-order-none = У заказа { $order } нет отправлений, ожидающих сборки. Проверьте номер и введите его снова.
postings-unknown = Не знаю отправления «{ $posting }». Проверьте номер и введите его ещё раз.
postings-not-awaiting = Отправление { $posting } уже не ждёт сборки (статус: { $status }). Выберите другое.
postings-ship-how = Как упаковать?
postings-ship-one-package = Одна коробка
postings-ship-split = Разделить на коробки
postings-ship-split-product = { $name }: { $quantity } шт. Сколько штук в каждую коробку? Введите числа через пробел, например «1 1».
postings-ship-split-invalid = Введите целые числа через пробел, по одному на коробку, например «2 1».
postings-ship-split-sum = В сумме { $sum }, а в отправлении { $quantity } шт. Введите ещё раз.
postings-ship-marks-intro = Ozon требует коды маркировки «Честный ЗНАК» для { $count } шт. Отсканируйте или введите каждый код.
postings-ship-mark = Код маркировки: { $name }, штука { $unit } из { $units }:
postings-ship-mark-duplicate = Этот код уже введён для штуки { $unit }: { $name }. Отсканируйте код этой штуки.
postings-ship-mark-again = Введите ещё раз код маркировки: { $name }, штука { $unit } из { $units }:
postings-ship-marks-bad = { $count ->
    [one] Ozon не принял код:
        { $list }
        Введите его ещё раз.
   *[other] Ozon не принял коды ({ $count }):
        { $list }
        Введите их ещё раз.
}
postings-ship-confirm = { $count ->
    [one] Собрать отправление { $posting } в { $count } коробке?
   *[other] Собрать отправление { $posting } в { $count } коробках?
}
postings-ship-more-lines = …и ещё { $count }
postings-ship-package = Коробка { $number }:
postings-ship-marks-count = Кодов маркировки: { $count }
postings-ship-confirm-button = ✅ Собрать
postings-ship-done = ✅ Отправление { $posting } собрано (отправления: { $numbers }). Распечатайте этикетку:
postings-ship-failed = ❌ Отправление { $posting } не собрано: { $reason }
postings-ship-packed-by = 📦 Отправление { $posting } уже собрано — { $name }, { $time }. Этикетка:
postings-ship-packed-outside = 📦 Отправление { $posting } уже собрано не через бота (в кабинете Ozon). Этикетка:
postings-cancel-reason = Почему отменяете отправление { $posting }?
postings-cancel-no-reasons = Ozon сейчас не предлагает причин отмены отправления { $posting }.
postings-cancel-explain = Поясните причину в нескольких словах (до 500 символов):
postings-cancel-confirm = Отменить отправление { $posting }?
    Причина: { $reason }
    Пояснение: { $explanation }

    «Выйти» только закроет этот диалог — отправление останется.
postings-cancel-confirm-button = ✅ Да, отменить
postings-cancel-done = ✅ Отправление { $posting } отменено.
postings-cancel-failed = ❌ Отправление { $posting } не отменено: { $reason }
postings-cancel-left = Вы вышли из диалога. Отправление не отменено.
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
postings-error-rate-limited = Ozon просит не спешить (слишком много запросов). Попробуйте через минуту.
postings-error-auth = Ozon не принял ключ API. Попросите администратора проверить настройки Ozon.
postings-error-network = Ozon не ответил вовремя. Попробуйте через минуту.
postings-error-input = Ozon не может принять такой запрос.
postings-error-already-shipped = Отправление { $posting } уже собрано.
postings-error-already-cancelled = Отправление { $posting } уже отменено.
postings-error-not-found = Ozon не знает отправления { $posting }. Проверьте номер.
postings-error-wrong-status = Отправление { $posting } уже в статусе, в котором это сделать нельзя.
postings-error-marks = Ozon не принял коды маркировки.
postings-error-quantity = Количество не совпадает с отправлением.
postings-error-cancel-reason = Ozon не принимает эту причину отмены.
postings-error-unavailable = Ozon временно недоступен. Попробуйте через несколько минут.
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

## Budget

ads-state-running = работает
ads-state-planned = запланирована
ads-state-stopped = остановлена
ads-state-inactive = не активна
ads-state-archived = в архиве
ads-state-moderation = на модерации
ads-state-moderation-failed = не прошла модерацию
ads-state-other = другое состояние
ads-campaign-line = { $number }. { $title } — { $state } — { $budget }{ $kind ->
        [weekly] {" "}в неделю
       *[other] {""}
    }
ads-campaigns-more = { $shown } и ещё { $more }
ads-budget-unset = без ограничения
ads-budget-choose = Выберите кампанию, чтобы изменить её бюджет — дневной или недельный, какой у неё есть. Можно написать часть названия — покажу подходящие.
ads-budget-choose-search = Кампании по запросу «{ $search }»:
ads-budget-none = Рекламных кампаний пока нет.
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
ads-quick-yesterday = ⚡ Вчера по дням
ads-quick-week = ⚡ 7 дней
ads-quick-month = ⚡ Месяц
ads-period-yesterday = Вчера
ads-period-last-7-days = Последние 7 дней
ads-period-last-30-days = Последние 30 дней
ads-period-this-month = Этот месяц
ads-period-last-month = Прошлый месяц
ads-days = { $days } дн.
ads-report-choose = Выберите кампании для отчёта (не больше { $max }). Отмечено: { $count }. Можно написать часть названия — покажу подходящие.
ads-report-done-button = Готово ({ $count })
ads-report-too-many = В одном отчёте не больше { $max } кампаний, а выбрано бы стало { $count }.
ads-report-none-chosen = Отметьте хотя бы одну кампанию.
ads-report-period = За какой период? Дни считаются по часовому поясу { $zone }.
    Или напишите даты, например { $example }
    Кнопки ⚡ сразу ведут к заказу, с группировкой по дням; после остальных спрошу группировку.
ads-period-bad-format = Не понял даты. Напишите так: { $example }
ads-period-bad-date = Такой даты нет в календаре. Проверьте день и месяц.
ads-period-bad-order = Конец периода раньше его начала.
ads-period-bad-future = Период не может заканчиваться позже сегодняшнего дня.
ads-period-too-long = Период слишком длинный: { $days } дн., а Ozon строит отчёт не больше чем за { $max } дн. Для этого конца периода самое раннее начало — { $earliest }.
ads-report-period-chosen = Период: { $period }.
ads-report-grouping = Как сгруппировать строки?
ads-report-kind = Какой отчёт нужен?
ads-report-phrases-one = Отчёт по поисковым фразам строится для одной кампании: отметьте ровно одну.
ads-report-no-objects = В этой кампании нет товаров, отчёт по фразам не построить. Выберите другой отчёт.
ads-report-objects = По каким товарам (SKU) нужны фразы?
ads-report-objects-all = Все ({ $count })
ads-report-days = Окно атрибуции: за сколько дней после клика учитывать заказы?
ads-report-bad-days = Окно атрибуции — от 1 до 365 дней.
ads-report-bad-request = Такой отчёт заказать нельзя. Начните заново: /report
ads-report-confirm = Заказать отчёт?
    { $kind }
    Кампании: { $campaigns }
    Период: { $period }
    Группировка: { $grouping }
ads-report-confirm-objects = Товары: { $objects }
ads-report-confirm-days = Окно атрибуции: { $days } дн.
ads-report-order-button = ✅ Заказать
ads-report-refused = Отчёт не заказан: { $reason }
ads-report-about = { $kind } · { $campaigns } · { $period }
ads-report-progress-ordered = ⏳ Отчёт заказан, отправляю запрос в Ozon…
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
stores-add-name = Как назвать новый магазин? (не больше { $max } символов — название будет в заголовке его оповещений)
stores-name-empty = Название не может быть пустым.
stores-name-too-long = В названии { $length } символов, а можно не больше { $max }. Введите название покороче.
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
stores-rename-ask = Новое название для «{ $name }» (не больше { $max } символов):
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
labels-preparing = ⏳ Запрашиваю у Ozon { $count } этикеток…
labels-progress = ⏳ Ozon готовит { $count } этикеток: готово частей { $ready } из { $parts }.
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
find-more = Показано { $shown } из { $count } отправлений.
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
labels-pick-full = Не больше { $max } отправлений за раз. Напечатайте эти, потом выберите остальные.
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

## Buyer chats inbox
command-chats =
    .description = Чаты покупателей, которые ждут ответа
    .button = 💬 Открытые чаты
inbox-take-button = ✋ Беру
inbox-claimed-button = ✋ Отвечает { $name } · до { $until }
inbox-open-posting-button = 📦 Открыть отправление
inbox-title-waiting = 💬 Покупатели ждут ответа: { $count }
inbox-title-all = 💬 Открытые чаты с покупателями: { $count }
inbox-empty-waiting = ✅ Никто из покупателей не ждёт ответа.
inbox-empty-all = Открытых чатов с покупателями нет.
inbox-line =
    { $index }. { $mark } { $words }
       ⏱ { $waited }{ $about }{ $who }
inbox-mark-waiting = 🔴
inbox-mark-answered = ✅
inbox-line-about = { " · " }{ $about }
inbox-line-who = { " · " }✋ { $name }
inbox-words-unknown = (не удалось прочитать слова покупателя)
inbox-waited-minutes = { $count ->
    [0] только что
   *[other] { $count } мин
}
inbox-waited-hours = { $count } ч
inbox-waited-days = { $count } дн
inbox-about-order = заказ { $order }
inbox-about-posting = отправление { $posting }
inbox-about-sku = SKU { $sku }
inbox-open-button = { $index } 💬
inbox-prev = « Назад
inbox-next = Дальше »
inbox-show-all = Показать и отвеченные
inbox-show-waiting = Только ждущие
inbox-refresh = 🔄 Обновить
inbox-shop-failed = { $shop }: Ozon не ответил ({ $reason }); чаты магазина не показаны.
inbox-view-title = 💬 Чат с покупателем{ $about }
inbox-view-buyer = 👤 Покупатель
inbox-view-seller = 🏪 Продавец
inbox-view-other = ℹ️ Ozon
inbox-view-empty = Сообщений пока нет.
inbox-view-claimed = ✋ Отвечает { $name }, до { $until }.
inbox-view-failed = Ozon не отдал сообщения чата: { $reason }
inbox-view-files-capped = Показано файлов: { $shown } из { $count }.
inbox-view-file-failed = 📎 { $name }: файл не удалось получить.
inbox-answer-button = ✍️ Ответить
inbox-read-button = ✔️ Прочитано
inbox-taken = ✋ Чат ваш до { $until }. Остальные видят, что отвечаете вы.
inbox-taken-by-other = ✋ Уже отвечает { $name } (до { $until }).
inbox-read-done = ✔️ Отмечено прочитанным в Ozon.
inbox-read-failed = Ozon не отметил чат прочитанным: { $reason }
inbox-not-your-shop = Ваша роль продавца не распространяется на магазин «{ $name }».
inbox-answered-note = ↩️ { $name } ответил(а) покупателю: «{ $words }»
inbox-answered-file = файл
inbox-card-title = 🧾 Заказ { $order } · { $status }
inbox-card-posting = 🧾 Отправление { $posting } · { $status }
inbox-card-product = 💰 { $price } · на складе: { $stock }
inbox-card-product-nostock = 💰 { $price }
## Quick replies
command-replies =
    .description = Шаблоны ответов покупателям: список, добавить, изменить, удалить
    .button = 📝 Шаблоны ответов
quick-replies-button = 📝 Шаблон
quick-replies-no-store = Нет магазина с чатами покупателей, за которые вы отвечаете.
quick-replies-which-store = Шаблоны ответов какого магазина?
quick-replies-title = 📝 Шаблоны ответов: { $count } из { $max }
quick-replies-empty = Пока ни одного. Добавьте ответы, которые вы пишете чаще всего.
quick-replies-placeholders = Подстановки: { "{order}" } — номер заказа (чаты о заказе), { "{name}" } — имя покупателя (вопросы о товарах). Где Ozon не даёт значения, подстановка опускается.
quick-replies-add = ➕ Добавить
quick-replies-add-ask = Пришлите текст нового шаблона (до { $max } символов).
quick-replies-edit-ask = Пришлите новый текст этого шаблона (до { $max } символов).
quick-replies-current = Сейчас:
quick-replies-saved =
    ✅ Сохранено:
    { $text }

    /replies — все шаблоны
quick-replies-dialog-over = Этот диалог уже закончен. Отправьте /replies, чтобы начать заново.
quick-replies-problem-empty = Текст пустой. Пришлите текст ответа.
quick-replies-problem-too-long = В тексте { $length } { $length ->
    [one] символ
    [few] символа
   *[many] символов
  }, а сообщение Ozon вмещает не больше { $max }. Пришлите текст короче.
quick-replies-problem-placeholder = Я не знаю подстановку { $token }. Используйте { "{order}" } или { "{name}" } (или напишите без фигурных скобок).
quick-replies-problem-full = У магазина уже { $max } шаблонов — больше не поместится. Сначала удалите какой-нибудь.
quick-replies-gone = Этого шаблона больше нет (его удалили).
quick-replies-delete-confirm =
    Удалить этот шаблон?

    { $text }
quick-replies-delete-yes = 🗑 Удалить
quick-replies-delete-no = ◀️ Оставить
quick-replies-deleted = Удалено.
quick-replies-none-yet = У магазина { $name } пока нет шаблонов. Добавьте их командой /replies.
quick-replies-pick = 📝 Выберите шаблон — сначала я покажу, что уйдёт покупателю:
quick-replies-offer = 📝 Или ответьте шаблоном:
quick-replies-more = Ещё…
quick-replies-preview = 👀 Покупателю уйдёт:
quick-replies-missing-order = ℹ️ Здесь Ozon не даёт номер заказа: { "{order}" } опущено.
quick-replies-missing-name = ℹ️ Здесь Ozon не даёт имя покупателя: { "{name}" } опущено.
quick-replies-send = 📤 Отправить
quick-replies-back = ◀️ Назад
quick-replies-changed = Шаблон тем временем изменили — вот новый текст. Нажмите «Отправить» ещё раз, если всё верно.
quick-replies-already-sent = Уже отправлено.
quick-replies-sent-short = Отправлено ✅
quick-replies-sent =
    ✅ Отправлено покупателю ({ $who }):
    { $text }
## Product questions and reviews
questions-header = ❓ Вопрос о товаре
questions-product = 📦 { $name } · SKU { $sku }
questions-product-sku = 📦 SKU { $sku }
questions-author = 👤 { $name }
reviews-header = ⭐ Отзыв { $stars } ({ $rating }/5)
reviews-media = 📷 Фото: { $photos }, видео: { $videos } (смотрите в личном кабинете Ozon)
reviews-no-text = (оценка без текста)
questions-answer-prompt = ✍️ Напишите ответ на вопрос ответом на это сообщение. Он появится на странице товара.
reviews-answer-prompt = ✍️ Напишите ответ на отзыв ответом на это сообщение. Он появится под отзывом.
questions-reply-text-only = Ответить на вопрос или отзыв можно только текстом. Ответьте текстом.
questions-answered = ✅ Ответ опубликован.
questions-answer-too-short = Ответ слишком короткий: Ozon принимает не меньше { $min } символов.
questions-answer-too-long = Ответ слишком длинный: Ozon принимает не больше { $max } символов.
questions-item-gone = Я больше не знаю этот вопрос или отзыв (он старше 90 дней). Ответьте в личном кабинете Ozon.
questions-fail-premium = Ozon отказал: для ответов на вопросы и отзывы магазина { $name } нужна подписка Premium Plus.
questions-premium-missing = ⚠️ { $name }: Ozon не отдаёт вопросы о товарах и отзывы — у магазина нет подписки Premium Plus. Я перестал их запрашивать. Когда подписка появится, нажмите кнопку.
questions-turn-on = 🔁 Снова запрашивать вопросы
questions-turned-on = ✅ { $name }: снова запрашиваю у Ozon вопросы о товарах и отзывы.
questions-already-on = { $name }: вопросы и отзывы и так запрашиваются.
stores-questions-off = ❓ Вопросы о товарах и отзывы: не запрашиваются (нет Premium Plus)

## Campaigns
command-campaigns =
    .description = Рекламные кампании: состояние, бюджет, период, ставки
    .button = 📣 Кампании
campaigns-choose-store = Кампании какого магазина показать?
campaigns-none = Рекламных кампаний пока нет.
campaigns-head = 📣 Кампании: { $count }{ $pages ->
        [1] {""}
       *[other] , страница { $page } из { $pages }
    }
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
campaigns-card-state = Состояние: { $state }
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
campaigns-bid-line = { $number }. { $title } (SKU { $sku }) — { $bid }
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
schedule-choose-campaigns = Какие кампании включать в отчёт (не больше { $max })? Выбрано: { $count }. Можно написать часть названия, чтобы найти кампанию.
schedule-period = За какой период каждый раз строить отчёт? Дни считаются от момента отправки.
schedule-period-last-month = Прошлый календарный месяц
schedule-format = В каком виде присылать файл?
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
schedule-time = Во сколько присылать? Напишите время в формате ЧЧ:ММ, например 09:00 (часовой пояс { $zone }).
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
schedule-next = Следующий отчёт: { $at } ({ $zone })
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
digest-button-off = 🗞 Ежедневная сводка: выключена
digest-button-on = 🗞 Ежедневная сводка: в { $time }
digest-about = 🗞 Ежедневная сводка: каждый день в выбранное время (часовой пояс { $zone }) — вчерашние заказы и выручка по каждому магазину, расход на рекламу и что она принесла.
digest-state-on = Сейчас: включена, приходит в { $time }.
digest-state-off = Сейчас: выключена.
digest-turn-on-button = ✅ Включить
digest-turn-off-button = 🔕 Выключить
digest-time-button = 🕘 Изменить время
digest-turned-on = ✅ Сводка будет приходить каждый день в { $time }.
digest-turned-off = 🔕 Сводка выключена.
digest-time-ask = Во сколько присылать сводку? Напишите время в формате ЧЧ:ММ, например 09:00 (часовой пояс { $zone }).
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

## Phone-first polish: cards and dialogs (issue 17)
dialog-left = Вы вышли из диалога. Ничего не изменено.
postings-button-quick-pack = ⚡ Собрать в 1 коробку
postings-quick-packing = Собираю в 1 коробку…
postings-quick-busy = Это отправление уже собирают. Подождите немного.
dialog-none = Сейчас нет открытого диалога: выходить не из чего.

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

## Questions: answered and processed (who did it, for the other sellers)
questions-processed-button = ✔️ Обработан
questions-processed-ok = ✔️ Вопрос отмечен в Ozon как обработанный.
questions-processed-failed = Ozon не принял отметку «обработан» для вопроса магазина { $name }. Попробуйте позже или отметьте в личном кабинете Ozon.
questions-processed-done-button = ✔️ Обработан ({ $name }) · всё равно ответить
questions-processed-note = ✔️ { $name } отметил(а) вопрос обработанным, без ответа. Ответить всё ещё можно: ответьте на сообщение.
questions-answered-button = ↩️ { $name } ответил(а) · ответить ещё раз
reviews-answered-button = ↩️ { $name } ответил(а) · ответить ещё раз
questions-answered-note = ↩️ { $name } ответил(а) на вопрос: «{ $words }»
reviews-answered-note = ↩️ { $name } ответил(а) на отзыв: «{ $words }»
## QA walkthrough
postings-ship-done-one = ✅ Отправление { $posting } собрано. Распечатайте этикетку:

## Chat view in place of /chats
chat-view-back-button = « К списку
chat-view-files-button = 📎 Файлы ({ $count })
chat-view-files-sending = 📎 Отправляю файлы…
chat-view-files-none = 📎 В последних сообщениях чата файлов нет.
chat-view-files-private = 📎 Не удалось прислать вам файлы: сначала откройте личный чат с ботом.
## Report texts: values inside a sentence
ads-group-day-value = по дням
ads-group-week-value = по неделям
ads-group-month-value = по месяцам
schedule-period-yesterday-value = вчера
schedule-period-last-7-days-value = последние 7 дней
schedule-period-last-30-days-value = последние 30 дней
schedule-period-last-month-value = прошлый календарный месяц
ads-campaign-quoted = «{ $title }»
