## The seller's own deliveries

command-deliveries =
    .description = Свои доставки в пути: по статусам, старые первыми
    .button = 🚚 Доставки
command-track =
    .description = Трек-номера строками «номер отправления — трек-номер»
    .button = 🔢 Трек-номера
command-dispute =
    .description = Открыть спор по доставленному или отменённому отправлению
    .button = ⚖️ Спор
deliveries-status = { $status ->
    [awaiting_deliver] собрано, ещё не передано в доставку
    [delivering] доставляется
    [driver_pickup] последняя миля (курьер в пути)
    [delivered] доставлено
    [cancelled] отменено
    [arbitration] спор открыт
    [client_arbitration] клиентский арбитраж доставки
    [awaiting_packaging] ожидает сборки
   *[other] { $status }
}
deliveries-card-title = 🚚 Своя доставка · { $posting }
deliveries-card-title-posting = 📦 Отправление { $posting }
deliveries-card-status = Статус: { $status }
deliveries-card-tracking = 🔢 Трек-номер: { $tracking }
deliveries-card-no-tracking = 🔢 Трек-номера нет
deliveries-card-method = Способ доставки: { $method }
deliveries-card-more = …и ещё товаров: { $count }
deliveries-card-last = Последний шаг: { $step } — { $name }, { $at }
deliveries-button-open = 🚚 Доставка
deliveries-button-tracking = 🔢 Трек-номер
deliveries-button-delivering = 🚚 Доставляется
deliveries-button-last-mile = 📍 Последняя миля
deliveries-button-delivered = ✅ Доставлено
deliveries-button-list-delivered = ✅ { $number }
deliveries-button-dispute = ⚖️ Спор
deliveries-button-refresh = 🔄 Обновить
deliveries-button-yes = ✅ Да, отметить
deliveries-button-back = « Назад
deliveries-button-apply = ✅ Применить
deliveries-button-drop = ✖️ Не применять
deliveries-step-delivering = «Доставляется»
deliveries-step-last-mile = «Последняя миля»
deliveries-step-delivered = «Доставлено»
deliveries-step-dispute = спор
deliveries-confirm-delivering = Отметить отправление { $posting } как «Доставляется»?
    Ozon покажет покупателю, что заказ передан в доставку.
deliveries-confirm-last-mile = Отметить отправление { $posting } как «Последняя миля»?
    Ozon покажет покупателю, что курьер везёт заказ к нему.
deliveries-confirm-delivered = Отметить отправление { $posting } как «Доставлено»?
    Заказ будет считаться врученным покупателю; вернуть статус назад нельзя.
deliveries-confirm-dispute = Открыть спор по отправлению { $posting }?
    Ozon начнёт арбитраж: отправление перейдёт в статус «арбитраж», и поддержка Ozon разберёт, что случилось с доставкой. Отменить спор из бота нельзя.
deliveries-dispute-usage = Пришлите номер отправления после /dispute, например:
    /dispute 12345678-0001-1
deliveries-dispute-sellers = Спор открывают продавцы и администраторы.
deliveries-not-yours = Это подтверждение для того, кто его открыл. Нажмите шаг на карточке сами.
deliveries-working = Отправляю в Ozon…
deliveries-refused = Ozon не принял шаг { $step } для { $posting }: { $reason }
deliveries-refused-no-words = Ozon не объяснил причину.
deliveries-failed = Шаг { $step } для { $posting } не выполнен: { $reason }
deliveries-done-by = Шаг { $step } уже отметил(а) { $name }, { $at }.
deliveries-doing-by = Шаг { $step } сейчас отмечает { $name } (с { $at }).
deliveries-doing = Шаг { $step } уже отмечается.
deliveries-tracking-hint = Напишите трек-номер отправления { $posting } следующим сообщением или пришлите фото штрихкода перевозчика.
    Можно и командой: /track { $posting } — ТРЕК-НОМЕР (несколько — по строке).
deliveries-tracking-bad = «{ $text }» не похоже на трек-номер: 4–40 латинских букв, цифр и дефисов. Напишите его ещё раз.
deliveries-tracking-no-barcode = На фото не нашёлся штрихкод трек-номера. Напишите номер текстом или пришлите фото чётче.
deliveries-shop-unknown = Этого магазина больше нет в боте.
deliveries-shop-not-yours = Магазин «{ $name }» вам не доступен.
deliveries-no-shops = Нет магазинов, в которых вы работаете с доставками.
deliveries-list-title = 🚚 Свои доставки в пути: { $count }
deliveries-list-empty = Своих доставок в пути нет.
deliveries-list-hint = ✅ N отмечает отправление N «Доставлено» (после подтверждения); номер открывает карточку.
deliveries-list-not-yours = Листать этот список может только тот, кто его открыл. Отправьте /deliveries, чтобы увидеть свой.
deliveries-list-failed = Магазин «{ $name }»: доставки не получены. { $reason }
deliveries-track-usage = Пришлите после /track строки «номер отправления — трек-номер», например:
    /track 12345678-0001-1 — RA123456789RU
deliveries-track-too-many = Слишком много строк: за раз не больше { $max }.
deliveries-preview-title = Трек-номера к отправлениям: { $count }
deliveries-preview-bad = Строки с ошибками ({ $count }) — они не будут отправлены:
deliveries-preview-hint = Нажмите «✅ Применить», чтобы отправить их в Ozon.
deliveries-bad-format = строка { $line }: «{ $text }» — не «номер — трек-номер»
deliveries-bad-posting = строка { $line }: «{ $text }» — не номер отправления
deliveries-bad-tracking = строка { $line }: «{ $text }» — трек-номер: 4–40 латинских букв, цифр и дефисов
deliveries-bad-repeated = строка { $line }: «{ $text }» — это отправление уже выше
deliveries-batch-gone = Эти трек-номера уже отправлены или устарели.
deliveries-batch-not-yours = Это чужой список трек-номеров.
deliveries-batch-dropped = Трек-номера не отправлены.
deliveries-applied-title = Трек-номера приняты: { $done } из { $total }.
deliveries-applied-refused = ✖️ { $posting }: { $reason }
