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
relay-answer-button = ✍️ Ответить
relay-answer-prompt =
    ✍️ { $chat }
    Напишите ответ — он уйдёт покупателю.
relay-answer-prompt-topic =
    ✍️ { $chat }
    Напишите ответ покупателю в этой теме.

## Buyer chats inbox
command-chats =
    .description = Чаты покупателей, которые ждут ответа
    .button = 💬 Открытые чаты
inbox-take-button = ✋ Беру
inbox-claimed-button = ✋ Отвечает { $name } · до { $until }
inbox-claimed-mine-button = ✋ Вы отвечаете до { $until }
inbox-release-button = Отпустить
inbox-released = Чат снова свободен.
inbox-not-yours = Этот чат сейчас не ваш.
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
inbox-line-who-mine = { " · " }✋ вы отвечаете
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
inbox-view-claimed-mine = ✋ Вы отвечаете до { $until }.
inbox-view-failed = Ozon не отдал сообщения чата: { $reason }
inbox-view-files-capped = Показано файлов: { $shown } из { $count }.
inbox-view-file-failed = 📎 { $name }: файл не удалось получить.
inbox-answer-button = ✍️ Ответить
inbox-read-button = ✔️ Отметить прочитанным
inbox-taken = ✋ Чат ваш до { $until }. Остальные видят, что отвечаете вы.
inbox-taken-by-other = ✋ Уже отвечает { $name } (до { $until }).
inbox-read-done = ✔️ Отмечено прочитанным в Ozon.
inbox-read-failed = Ozon не отметил чат прочитанным: { $reason }
inbox-not-your-shop = Ваша роль продавца не распространяется на магазин «{ $name }».
inbox-answered-note = ↩️ { $name } ответил(а) покупателю: «{ $words }»
inbox-answered-file = файл
inbox-card-title = 🧾 Заказ { $order }
inbox-card-posting = 🧾 Отправление { $posting }
inbox-order-status = { $status ->
    [awaiting_registration] ожидает регистрации
    [acceptance_in_progress] на приёмке
    [awaiting_approve] ожидает подтверждения
    [awaiting_packaging] ждёт сборки
    [awaiting_deliver] собран, ждёт отгрузки
    [arbitration] в арбитраже
    [client_arbitration] в арбитраже доставки
    [delivering] доставляется
    [driver_pickup] у водителя
    [delivered] доставлен
    [cancelled] отменён
    [not_accepted] не принят на сортировочном центре
    [sent_by_seller] отправлен продавцом
   *[other] { $status }
}

## Quick replies
command-replies =
    .description = Шаблоны ответов покупателям: список, добавить, изменить, удалить
    .button = 📝 Шаблоны ответов
quick-replies-button = 📝 Шаблон
quick-replies-no-store = Нет магазина с чатами покупателей, за которые вы отвечаете.
quick-replies-which-store = Шаблоны ответов какого магазина?
quick-replies-title = 📝 Шаблоны ответов: { $count } из { $max }
quick-replies-empty = Пока ни одного. Добавьте ответы, которые вы пишете чаще всего.
quick-replies-placeholders = Подстановки: { "{order}" } — номер заказа (чаты о заказе), { "{name}" } — имя покупателя (вопросы о товарах). Если Ozon не сообщил номер или имя, ответ уйдёт без них.
quick-replies-add = ➕ Добавить
quick-replies-add-ask = Пришлите текст нового шаблона (до { $max } { $max ->
    [one] символа
    [few] символов
   *[many] символов
}).
quick-replies-edit-ask = Пришлите новый текст этого шаблона (до { $max } { $max ->
    [one] символа
    [few] символов
   *[many] символов
}).
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
quick-replies-problem-full = У магазина уже { $max } { $max ->
    [one] шаблон
    [few] шаблона
   *[many] шаблонов
} — больше не поместится. Сначала удалите какой-нибудь.
quick-replies-gone = Этого шаблона больше нет (его удалили).
quick-replies-delete-confirm =
    Удалить этот шаблон?

    { $text }
quick-replies-delete-yes = 🗑 Удалить
quick-replies-delete-no = ◀️ Оставить
quick-replies-deleted = Удалено.
quick-replies-none-yet = У магазина { $name } пока нет шаблонов. Добавьте их командой /replies.
quick-replies-pick = 📝 Выберите шаблон — сначала я покажу, что уйдёт покупателю:
quick-replies-pick-send = 📝 Нажмите номер — этот ответ сразу уйдёт покупателю:
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
questions-answer-too-short = Ответ слишком короткий: Ozon принимает не меньше { $min } { $min ->
    [one] символа
    [few] символов
   *[many] символов
}.
questions-answer-too-long = Ответ слишком длинный: Ozon принимает не больше { $max } { $max ->
    [one] символа
    [few] символов
   *[many] символов
}.
questions-item-gone = Я больше не знаю этот вопрос или отзыв (он старше 90 дней). Ответьте в личном кабинете Ozon.
questions-fail-premium = Ozon отказал: для ответов на вопросы о товарах магазина { $name } нужна подписка Premium Plus.
questions-premium-missing = ⚠️ { $name }: Ozon не отдаёт вопросы о товарах — у магазина нет подписки Premium Plus. Я перестал запрашивать вопросы и отзывы. Когда подписка появится, нажмите кнопку.
reviews-fail-subscription = Ozon отказал: для ответов на отзывы магазина { $name } нужна подписка «Управление отзывами» или Premium Pro.
reviews-subscription-missing = ⚠️ { $name }: Ozon не отдаёт отзывы — для них нужна подписка «Управление отзывами» или Premium Pro, а у магазина её нет. Я перестал запрашивать вопросы и отзывы. Когда подписка появится, нажмите кнопку.
questions-turn-on = 🔁 Снова запрашивать вопросы
questions-turned-on = ✅ { $name }: снова запрашиваю у Ozon вопросы о товарах и отзывы.
questions-already-on = { $name }: вопросы и отзывы и так запрашиваются.
stores-questions-off = ❓ Вопросы о товарах и отзывы: не запрашиваются (для вопросов нет Premium Plus)
stores-reviews-off = ❓ Вопросы о товарах и отзывы: не запрашиваются (для отзывов нет «Управления отзывами» или Premium Pro)

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

## Chat view in place of /chats
chat-view-back-button = « К списку
chat-view-whole-button = 📜 Вся переписка
chat-view-files-button = 📎 Файлы ({ $count })
chat-view-files-sending = 📎 Отправляю файлы…
chat-view-files-none = 📎 В последних сообщениях чата файлов нет.
chat-view-files-private = 📎 Не удалось прислать вам файлы: сначала откройте личный чат с ботом.
