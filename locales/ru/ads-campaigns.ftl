## Budget

ads-budget-on-button = { $budget }{ $kind ->
        [weekly] /нед
       *[other] {""}
    }
ads-budget-unset = без ограничения
ads-budget-choose = Выберите кампанию, чтобы изменить её бюджет — дневной или недельный, какой у неё есть. Можно написать часть названия — покажу подходящие.
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
ads-budget-other-amount-button = ✏️ Ввести вручную
ads-budget-done = Готово: { $kind ->
        [weekly] недельный
       *[other] дневной
    } бюджет кампании «{ $title }» теперь { $new } (было { $old }).
ads-budget-mismatch = Ozon принял изменение, но сейчас показывает { $actual } вместо { $requested }. Проверьте ещё раз через несколько минут.
ads-budget-refused = Ozon не принял сумму: { $message }
ads-budget-kind-unknown = У кампании «{ $title }» нет ни дневного, ни недельного бюджета, и Ozon не говорит, какой из них у неё может быть. Задайте его в кабинете Ozon — тогда здесь можно будет его менять.

## Campaigns

command-campaigns =
    .description = Рекламные кампании: статус, бюджет, период, ставки
    .button = 📣 Кампании
campaigns-choose-store = Кампании какого магазина показать?
campaigns-head = 📣 Кампании: { $count }{ $pages ->
        [1] {""}
       *[other] , страница { $page } из { $pages }
    }
campaigns-choose =
    Выберите кампанию — откроется её карточка.
    На кнопке: состояние, бюджет в день («/нед» — в неделю), расход за вчера. ⚠️ — Ozon не пропустил кампанию.
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
campaigns-card-state = Статус: { $state }
campaigns-card-budget = Бюджет: { $budget }
campaigns-card-period = Период: { $period }
campaigns-card-spend = Потрачено вчера: { $amount }
campaigns-card-moderation-failed = ⚠️ Ozon не пропустил кампанию: она не показывается, пока её не исправят в кабинете Ozon и она не пройдёт модерацию.
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
campaigns-card-state-changed = Статус: { $state } ✅ (было: { $was })
campaigns-changed-meanwhile = Кампания изменилась, пока вы решали: сейчас { $state }. Я ничего не менял.
campaigns-report-for = Отчёт по кампании «{ $title }».
campaigns-bids-head = 🎯 Ставки за клик — «{ $title }», страница { $page }
campaigns-bid-button = SKU { $sku } · { $bid }
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
