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
quick-replies-copy-order = 📋 Скопировать { "{order}" } — номер заказа
quick-replies-copy-name = 📋 Скопировать { "{name}" } — имя покупателя
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
quick-replies-back = « Назад
quick-replies-changed = Шаблон тем временем изменили — вот новый текст. Нажмите «Отправить» ещё раз, если всё верно.
quick-replies-already-sent = Уже отправлено.
quick-replies-sent-short = Отправлено ✅
quick-replies-sent =
    ✅ Отправлено покупателю ({ $who }):
    { $text }
