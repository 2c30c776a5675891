command-returns =
    .description = Возвраты: в пути, ждут выдачи, заявки rFBS
    .button = ↩️ Возвраты
returns-title = ↩️ Возвраты
returns-no-stores = Нет магазинов с ключами Seller API, возвраты которых вам видны.
returns-alert-on-way = ↩️ Возврат едет к вам на склад
returns-alert-pickup = 📬 Возврат ждёт выдачи
returns-posting = Отправление: { $posting }
returns-product = Товар: { $name } — { $quantity } шт.
returns-reason = Причина: { $reason }
returns-place = Где: { $place }
returns-since = С { $time }
returns-rfbs-new = 🆕 Заявка на возврат rFBS № { $number }
returns-rfbs-card = ↩️ Заявка на возврат rFBS № { $number }
returns-rfbs-product = Товар: { $name } — { $price }
returns-comment = Комментарий покупателя: «{ $comment }»
returns-state = Статус: { $state }
returns-deadline = ⏰ Решить до { $time }
returns-rfbs-nothing-to-do = Сейчас Ozon не ждёт от вас решения по этой заявке.
returns-list-empty = Открытых возвратов нет.
returns-list-pickup = 📬 Ждут выдачи: { $count }
returns-list-on-way = ↩️ В пути к вам: { $count }
returns-list-line = • { $posting } — { $name } (с { $time })
returns-list-more = …и ещё { $count }
returns-list-rfbs = 🆕 Заявки rFBS: { $count }
returns-list-rfbs-line = • № { $number }, { $posting } — { $state }
returns-open-button = Заявка № { $number }
returns-switch-on = 🔔 Присылать сюда возвраты
returns-switch-off = 🔕 Не присылать сюда возвраты
returns-switched-on = Теперь возвраты и заявки rFBS приходят в этот чат.
returns-switch-admins = В группе возвраты включает и выключает администратор бота.
returns-not-your-store = Этот магазин вам не доступен.
returns-switched-off = Возвраты сюда больше не приходят.
returns-dialog-over = Это решение уже закрыто. Откройте заявку снова в /returns.
returns-dialog-left = Решение не принято, заявка осталась как была.
returns-shop-unknown = Этого магазина больше нет в боте.
returns-action-compensate = 💸 { $name }: часть денег, товар у покупателя
returns-action-reject = ✖️ { $name }: без возврата денег
returns-action-unnamed = Действие Ozon { $id }
returns-action-unavailable = Карточка устарела: Ozon больше не предлагает это действие по заявке. Вот она сейчас:
returns-card-outdated = Кнопки этой карточки — из прежней версии бота. Вот заявка сейчас, с действиями, которые предлагает Ozon:
returns-confirm-other = «{ $action }» по заявке № { $number }?
    Бот отправит в Ozon это действие так, как его называет Ozon.
returns-done-other = ✅ Заявка № { $number }: Ozon принял «{ $action }».
returns-reason-hint = Подсказка Ozon: { $hint }
returns-confirm-button = Да, отправить в Ozon
returns-already = Уже решено: { $name } — «{ $action }».
returns-failed = Не получилось: { $reason }
    Заявка осталась как была, можно попробовать снова.
returns-done-compensate = 💸 «{ $action }»: покупателю возвращается { $amount }, товар остаётся у него.
returns-done-reject = ❌ Заявка № { $number }: «{ $action }», причина: { $reason }. Покупатель может открыть спор в Ozon.
returns-confirm-compensate = «{ $action }» по заявке № { $number }?
    Покупателю вернётся { $amount } из { $price }, товар останется у него.
returns-confirm-reject = «{ $action }» по заявке № { $number }?
    Причина: { $reason }
    Комментарий: { $comment }
    Покупатель увидит отказ и может открыть спор в Ozon.
returns-ask-amount = «{ $action }» по заявке № { $number }: сколько вернуть покупателю? Цена товара — { $price }. Напишите сумму, например 150 или 150,50.
returns-amount-not_a_number = Это не сумма. Напишите число, например 150 или 150,50.
returns-amount-too_many_decimals = Не больше двух знаков после запятой (копейки).
returns-amount-not_positive = Сумма должна быть больше нуля.
returns-amount-too_long = Слишком длинно для суммы.
returns-amount-not-below-price = Частичная компенсация должна быть меньше цены товара ({ $price }). Чтобы вернуть всё, выберите на карточке полный возврат денег, если Ozon его предлагает.
returns-price-unreadable = Не удалось прочитать цену товара по заявке № { $number } (Ozon прислал «{ $price }»), а частичная компенсация должна быть меньше цены. Укажите сумму в личном кабинете Ozon.
returns-list-not-yours = Листать этот список может только тот, кто его открыл. Отправьте /returns, чтобы увидеть свой.
returns-no-reasons = Ozon не дал причин отказа для заявки № { $number }: отклоните её в личном кабинете Ozon.
returns-ask-reason = «{ $action }» по заявке № { $number }: выберите причину из списка Ozon.
returns-ask-comment = Причина: { $reason }. Ozon требует комментарий для покупателя: напишите его (до { $max } { $max ->
    [one] знака
    [few] знаков
   *[many] знаков
}).
returns-comment-empty = Напишите хотя бы несколько слов.
returns-comment-long = Слишком длинно: не больше { $max } { $max ->
    [one] знака
    [few] знаков
   *[many] знаков
}.
returns-ozon-refused = Ozon отказал: { $reason }
returns-ozon-keys = Ozon не принял ключи магазина. Проверьте их в /stores.
returns-ozon-unavailable = Ozon сейчас не отвечает. Попробуйте чуть позже.
