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
    .description = Собрать и отгрузить отправление
    .button = 🚚 Отгрузить
command-cancel_posting =
    .description = Отменить отправление
    .button = ✖️ Отменить отправление
command-subscribe =
    .description = Получать оповещения о новых отправлениях
    .button = 🔔 Подписаться
command-unsubscribe =
    .description = Не получать оповещения
    .button = 🔕 Отписаться
command-budget =
    .description = Дневной бюджет рекламной кампании
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
    .description = Прервать текущий диалог
    .button = Отмена

## Roles

role-admin = администратор
role-seller = продавец
role-warehouse = склад
role-manager = менеджер

## Access

access-stranger =
    Извините, этот бот работает только для команды магазина.
    Ваш Telegram id: { $id }
    Отправьте его администратору и попросите ссылку-приглашение.
access-denied = Это доступно только для ролей: { $roles }. Если вам это нужно, обратитесь к администратору.
callback-invalid = Эта кнопка больше не действует. Откройте меню заново: /start

## Welcome

welcome-person =
    Здравствуйте, { $name }!
    Ваши роли: { $roles }.
    Вот что вы можете сделать:
help-intro = Ваши роли: { $roles }. Доступные команды:
unknown-command = Такой команды я не знаю. Список команд — /help
unhandled-hint = Чтобы увидеть, что я умею, отправьте /help

## Invites

invite-choose-role = Для какой роли приглашение?
invite-created =
    Приглашение для роли «{ $role }»:
    { $link }

    Ссылка одноразовая и действует до { $expires }. Перешлите её человеку, которого приглашаете.
invite-sent-privately = Ссылку-приглашение я отправил вам в личные сообщения.
invite-open-private-chat = Я не могу написать вам лично: сначала откройте личный чат со мной и нажмите «Старт», потом повторите /invite.
invite-joined = Добро пожаловать! Теперь у вас роль «{ $role }».
invite-joined-owner = Вы — администратор этого бота. Приглашайте команду командой /invite.
invite-used = Это приглашение уже использовано. Попросите у администратора новое.
invite-expired = Срок действия приглашения истёк (ссылка действует сутки). Попросите у администратора новое.
invite-unknown = Ссылка-приглашение не распознана. Проверьте её или попросите у администратора новую.

## Users

users-title = Люди с доступом к боту: { $count }
users-empty = Пока никого нет. Пригласите людей командой /invite.
users-person =
    { $name }
    Telegram id: { $id }
    Роли: { $roles }
users-no-roles = нет
users-config-admin = Администратор из настройки ADMIN_IDS: эту роль меняют только в настройках.
users-back = « К списку
users-granted = Роль «{ $role }» выдана
users-revoked = Роль «{ $role }» снята
users-unchanged = Уже изменено кем-то другим — показываю, как сейчас
users-unknown-person = Этого человека больше нет в списке
users-config-admin-locked = Этот администратор задан в настройке ADMIN_IDS; снять роль можно только там.
users-last-admin = Нельзя снять последнего администратора: сначала назначьте другого.

## Language

language-choose = Выберите язык:
language-changed = Язык: русский
language-name-ru = Русский
language-name-en = English

## Cancel

cancel-done = Отменено.
cancel-nothing = Сейчас нечего отменять.
cancel-button = Отмена

## Coming soon

coming-soon = Команда /{ $command } появится в одной из следующих версий бота.

## Errors

error-generic = Что-то пошло не так. Попробуйте ещё раз чуть позже.
