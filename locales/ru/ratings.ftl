command-rating =
    .description = Рейтинги продавца и их зоны
    .button = 📊 Рейтинги
ratings-zone = { $zone ->
    [warning] 🟡 зона предупреждения
    [danger] 🔴 опасная зона: продажи могут заблокировать
   *[ok] 🟢 норма
}
ratings-crossing-worse = ⚠️ Рейтинг «{ $name }» ушёл в { $zone }
ratings-crossing-better = ✅ Рейтинг «{ $name }» вернулся: { $zone }
ratings-crossing-value = Сейчас: { $value } (было { $past })
ratings-crossing-threshold = Порог: { $threshold }
ratings-crossing-errors = Индекс ошибок FBS подняли отправления: { $postings }
ratings-crossing-hint = Подробности — /rating и раздел «Рейтинги» в кабинете Ozon.
ratings-title = 📊 Рейтинги продавца
ratings-line = { $mark } { $name }: { $value }{ $thresholds }
ratings-line-thresholds = {" "}(предупреждение { $warning }, блокировка { $danger })
ratings-fbs-index = 📉 Индекс ошибок FBS: { $index } (с { $from } по { $to })
ratings-legend = 🟢 норма · 🟡 предупреждение · 🔴 риск блокировки
ratings-empty = Ozon пока не дал рейтингов этого магазина.
ratings-no-stores = Нет магазинов с ключами Seller API, рейтинги которых вам видны.
ratings-ozon-refused = Ozon отказал: { $reason }
ratings-ozon-keys = Ozon не принял ключи магазина. Проверьте их в /stores.
ratings-ozon-unavailable = Ozon сейчас не отвечает. Попробуйте чуть позже.
