## Деньги: /money
command-money =
    .description = Что Ozon начислил и выплатил: продажи, удержания, реклама, баланс
    .button = 💰 Деньги
money-title = { $many ->
    [yes] 💰 Деньги · { $store }
   *[no] 💰 Деньги
}
money-period = { $period ->
    [w] Эта неделя
    [m] Этот месяц
   *[d] Вчера
}: { $days }
money-period-button = { $period ->
    [w] Неделя
    [m] Месяц
   *[d] Вчера
}
money-statement = ⚠️ Дневные данные Ozon сейчас недоступны: показан финансовый отчёт Ozon за полмесяца { $days }.
money-sales = Продажи: { $amount }
money-returns = Возвраты: { $amount }
money-commission = Комиссия Ozon: { $amount }
money-delivery = Доставка: { $amount }
money-other = Другие услуги: { $amount }
money-ads = Реклама: { $amount }
money-ads-failed = Реклама: Performance API не ответил
money-net = 🟰 Итого: { $amount }
money-balance-title = Баланс за период
money-opening = На начало: { $amount }
money-accrued = Начислено: { $amount }
money-paid-out = Выплачено: { $amount }
money-closing = На конец: { $amount }
money-no-stores = Нет магазина с ключами Seller API, деньги которого вам можно смотреть.
money-store-gone = Этот магазин вам больше недоступен. Откройте /money заново.
money-not-yours = Этот экран открыл другой человек: откройте свой командой /money.
money-ozon-refused = Ozon отказал: { $reason }
money-ozon-keys = Ozon не принял ключи магазина. Проверьте их в /stores.
money-ozon-unavailable = Ozon сейчас не отвечает. Попробуйте чуть позже.

## Деньги отправления (его карточка)
money-earned-line = 💰 Вам: { $amount }
money-earned-button = 💰 Сколько заработано
money-earned-breakdown = Цена: { $price }
    Комиссия: { $commission }
    Доставка: { $delivery }
    Прочее: { $other }
    Вам: { $total }
money-earned-none = Ozon ещё не начислил за это отправление.

## Маржа
money-margins-button = 📉 Худшая маржа
money-xlsx-button = 📄 XLSX за месяц
money-back-button = ⬅️ Назад
money-margins-title = { $many ->
    [yes] 📉 Худшая маржа · { $store }
   *[no] 📉 Худшая маржа
}
money-margins-line = { $index }. { $product }: { $units } шт., выручка { $revenue }, маржа { $margin }{ $percent }{ $cost ->
    [no] {" "}— нет себестоимости
   *[yes] {""}
}
money-margins-none = Ozon ещё не начислил продаж за этот период.
money-margins-no-cost = У товаров без себестоимости она считается нулевой: укажите её в колонке себестоимости в /workbook.
money-xlsx-making = Готовлю таблицу за месяц…
money-xlsx-caption = 📄 { $store }: месяц по товарам ({ $count } товаров)
money-col-offer = Артикул
money-col-units = Штук
money-col-revenue = Выручка
money-col-commission = Комиссия
money-col-delivery = Доставка
money-col-other = Прочие удержания
money-col-cost = Себестоимость
money-col-margin = Маржа
money-col-margin-percent = Маржа, %
money-col-total = Итого

## Оповещения о деньгах
money-alert-loss-button = { $on ->
    [yes] 🔔 Дни в минус: вкл.
   *[no] 🔕 Дни в минус: выкл.
}
money-alert-payout-button = { $on ->
    [yes] 🔔 Пропущенные выплаты: вкл.
   *[no] 🔕 Пропущенные выплаты: выкл.
}
money-alert-switched = { $alert ->
    [loss] Оповещения о днях в минус
   *[payout] Оповещения о пропущенных выплатах
}: { $on ->
    [yes] включены
   *[no] выключены
}
money-loss-title = 📉 Продано в минус { $day }:
money-loss-line = • { $product }: { $units } шт., выручка { $revenue }, удержания Ozon { $charges }, себестоимость { $cost } → { $margin }
money-loss-hint = Подробнее: /money → 📉 Худшая маржа. Там же эти оповещения выключаются.
money-payout-missed = 🏦 { $day } — день выплаты, но Ozon ничего не выплатил, хотя на балансе было { $balance }. Проверьте «Финансы → Баланс» в кабинете Ozon.
