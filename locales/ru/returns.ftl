command-returns =
    .description = Возвраты: в пути, ждут выдачи, заявки rFBS
    .button = ↩️ Возвраты
returns-title = ↩️ Возвраты
returns-no-stores = Нет магазинов с ключами Seller API, возвраты которых вам видны.
returns-alert-on-way = ↩️ Возврат едет к вам на склад
returns-alert-pickup = 📬 Возврат ждёт выдачи
returns-posting = Отправление: { $posting }
returns-product = Товар: { $name } × { $quantity }
returns-reason = Причина: { $reason }
returns-place = Где: { $place }
returns-since = С { $time }
returns-rfbs-new = 🆕 Заявка на возврат rFBS № { $number }
returns-rfbs-card = ↩️ Заявка на возврат rFBS № { $number }
returns-rfbs-product = Товар: { $name } — { $price } { $currency }
returns-comment = Комментарий покупателя: «{ $comment }»
returns-state = Статус: { $state }
returns-deadline = ⏰ Решить до { $time }
returns-rfbs-nothing-to-do = Сейчас Ozon не ждёт от вас решения по этой заявке.
returns-decision-approve = ✅ Одобрить
returns-decision-reject = ❌ Отклонить
returns-decision-compensate = 💸 Вернуть часть
returns-decision-receive = 📦 Товар получен
returns-decision-return_money = 💰 Вернуть деньги
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
returns-decision-unavailable = Сейчас Ozon не позволяет «{ $decision }» для этой заявки. Вот что можно сделать:
returns-confirm-button = Да, { $decision }
returns-already = Уже решено: { $name } — «{ $decision }».
returns-failed = Не получилось: { $reason }
    Заявка осталась как была, можно попробовать снова.
returns-done-approve = ✅ Заявка № { $number } одобрена. Покупатель отправит товар; когда он придёт, нажмите «📦 Товар получен».
returns-done-receive = 📦 Получение подтверждено. Проверьте товар и верните деньги, часть денег или отклоните заявку.
returns-done-return_money = 💰 Деньги за товар ({ $price } { $currency }) возвращаются покупателю. Заявка закрыта.
returns-done-compensate = 💸 Покупателю возвращается { $amount } { $currency }, товар остаётся у него. Заявка закрыта.
returns-done-reject = ❌ Заявка № { $number } отклонена: { $reason }. Покупатель может открыть спор в Ozon.
returns-confirm-approve = Одобрить заявку № { $number }?
    Дальше: покупатель отправит товар вам; когда он придёт — подтвердите получение и проверьте его.
returns-confirm-receive = Подтвердить, что товар по заявке № { $number } получен?
    Дальше: проверьте его и верните деньги, часть денег или отклоните заявку.
returns-confirm-return_money = Вернуть покупателю полную стоимость { $price } { $currency } по заявке № { $number }?
    Дальше: Ozon вернёт деньги покупателю, заявка закроется.
returns-confirm-compensate = Вернуть покупателю { $amount } { $currency } из { $price } { $currency } по заявке № { $number }?
    Дальше: товар остаётся у покупателя, заявка закроется.
returns-confirm-reject = Отклонить заявку № { $number }?
    Причина: { $reason }
    Комментарий: { $comment }
    Дальше: покупатель увидит отказ и может открыть спор в Ozon.
returns-ask-amount = Сколько вернуть покупателю по заявке № { $number }? Цена товара — { $price } { $currency }. Напишите сумму, например 150 или 150,50.
returns-amount-not_a_number = Это не сумма. Напишите число, например 150 или 150,50.
returns-amount-too_many_decimals = Не больше двух знаков после запятой (копейки).
returns-amount-not_positive = Сумма должна быть больше нуля.
returns-amount-too_long = Слишком длинно для суммы.
returns-amount-not-below-price = Частичный возврат должен быть меньше цены товара ({ $price } { $currency }). Чтобы вернуть всё — «💰 Вернуть деньги».
returns-no-reasons = Ozon не дал причин отказа для этой заявки.
returns-ask-reason = Почему отклоняете заявку № { $number }?
returns-ask-comment = Объясните покупателю причину (до 500 знаков):
returns-comment-empty = Напишите хотя бы несколько слов.
returns-comment-long = Слишком длинно: не больше { $max } { $max ->
    [one] знака
    [few] знаков
   *[many] знаков
}.
returns-ozon-refused = Ozon отказал: { $reason }
returns-ozon-keys = Ozon не принял ключи магазина. Проверьте их в /stores.
returns-ozon-unavailable = Ozon сейчас не отвечает. Попробуйте чуть позже.
