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
inbox-not-your-shop = Ваша роль «{ role-seller }» не распространяется на магазин «{ $name }».
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

## Chat view in place of /chats

chat-view-back-button = « К списку
chat-view-whole-button = 📜 Вся переписка
chat-view-files-button = 📎 Файлы ({ $count })
chat-view-files-sending = 📎 Отправляю файлы…
chat-view-files-none = 📎 В последних сообщениях чата файлов нет.
chat-view-files-private = 📎 Не удалось прислать вам файлы: сначала откройте личный чат с ботом.
