## Buyer chats

relay-header-buyer = 💬 Покупатель
relay-header-same-buyer = ↪ Тот же покупатель
relay-header-order = заказ { $order }
relay-header-posting = отправление { $posting }
relay-header-sku = SKU { $sku }
relay-header-chat = чат { $chat }
relay-header-product = 📦 { $name }
relay-order-link-button = 🔗 Заказ в Ozon
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
relay-reply-not-your-shop = Не отправлено: ваша роль «{ role-seller }» не распространяется на магазин «{ $name }». Обратитесь к администратору.
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
relay-answer-button = ✍️ Ответить
relay-answer-prompt =
    ✍️ { $chat }
    Напишите ответ — он уйдёт покупателю.
relay-answer-prompt-topic =
    ✍️ { $chat }
    Напишите ответ покупателю в этой теме.
