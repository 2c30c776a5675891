## Commands
# Each command: .description for Telegram's command list and /help, .button for menu buttons.

command-start =
    .description = Главное меню
    .button = Меню
command-help =
    .description = Что я умею и что доступно вам
    .button = Помощь
command-postings =
    .description = Отправления, ожидающие сборки
    .button = 📦 Отправления
command-ship =
    .description = Собрать отправление
    .button = 📦 Собрать
command-cancel_posting =
    .description = Отменить отправление
    .button = ✖️ Отменить отправление
command-subscribe =
    .description = Получать оповещения о новых отправлениях
    .button = 🔔 Подписаться
command-unsubscribe =
    .description = Не получать оповещения
    .button = 🔕 Отписаться
command-workbook =
    .description = Остатки и цены таблицей
    .button = 📥 Остатки и цены таблицей
command-budget =
    .description = Бюджет рекламной кампании: дневной или недельный
    .button = 💰 Бюджет
command-report =
    .description = Заказать отчёт по рекламе
    .button = 📊 Отчёт
command-invite =
    .description = Пригласить человека
    .button = ➕ Пригласить
command-users =
    .description = Люди и их роли
    .button = 👥 Люди
command-language =
    .description = Сменить язык
    .button = 🌐 Язык
command-relay_here =
    .description = Пересылать чаты покупателей в эту группу
    .button = 💬 Чаты сюда
command-cancel =
    .description = Закрыть текущий диалог
    .button = Закрыть

## Cancel

cancel-button = Закрыть
cancel-not-yours = Эта кнопка «Закрыть» относится к вопросу другого человека.
cancel-dialog-over = Эта кнопка «Закрыть» относится к диалогу, который уже закончен.

## Dialogs

dialog-not-yours = Этот вопрос задан другому человеку.
dialog-earlier = Эта кнопка из прошлого диалога, он уже закончен. Ответьте на последний вопрос.
dialog-step-stale = Эта кнопка от прошлого шага; ответьте на последний вопрос.
dialog-answer-with-text = Ответьте текстом или кнопками.
dialog-use-buttons = Выберите кнопкой под вопросом.

## Coming soon

coming-soon = Команда /{ $command } появится в одной из следующих версий бота.

## Numbers
# The language numbers, money and dates are written in (src/bot/core/numbers.ts); not shown as is.
number-locale = ru

## Errors

error-generic = Что-то пошло не так. Попробуйте ещё раз чуть позже.

## Paused alerts
# Told once to each admin when Telegram refuses the bot's alerts in a group: the bot may not post there.

alerts-paused-no-rights = ⏸ Я больше не могу писать в «{ $chat }», поэтому уведомления об остатках и возвратах туда приостановлены (настройки сохранены).
    Чтобы их возобновить, разрешите мне писать в группе (или верните меня в неё) и отправьте там /subscribe.

# A duration, one form everywhere (bot/core/numbers.ts durationText).
duration-seconds = { $n } с
duration-minutes = { $n } мин
duration-hours = { $n } ч
duration-days = { $n } дн.

# A count of goods, one form everywhere (bot/core/numbers.ts countText).
count-pieces = { $n } шт.
# A currency the bot has no mark for, shown as Ozon wrote its code (bot/core/numbers.ts ozonMoneyText).
money-ozon-currency = { $code } (код Ozon)
# Ozon's own words (a status, a delivery method) on a screen (bot/core/ozon-words.ts): as Ozon wrote them.
ozon-words = { $text }
