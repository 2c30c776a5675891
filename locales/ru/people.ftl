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
access-request-button = 🙋 Попросить доступ
access-request-sent = Запрос отправлен администраторам. Когда вас пригласят, пришлют ссылку.
access-request-nobody = Сейчас ни один администратор не может получить запрос. Попробуйте позже.
access-request-wait = Запрос уже отправлен. Повторить можно через сутки.
access-request-busy = За последний час о доступе просили слишком многие. Попробуйте позже.
access-request-member = У вас уже есть доступ: /start
access-request-admin =
    🙋 Просит доступ: { $name }, Telegram id: { $id }
    Пригласить с ролью:
access-request-ignore = Не приглашать
access-request-ignored = Запрос { $id } оставлен без ответа.
access-request-handled = На этот запрос уже ответили.
access-denied = Это доступно только для ролей: { $roles }. Если вам это нужно, обратитесь к администратору.
callback-invalid = Эта кнопка больше не действует. Откройте меню заново: /start

## Welcome

welcome-person =
    Здравствуйте, { $name }!
    Ваши роли: { $roles }.
    Вот что вы можете сделать:
help-intro = Ваши роли: { $roles }. Доступные команды:
welcome-seller-hint = 💬 Сообщения покупателей из чатов Ozon приходят в этот чат. Чтобы ответить покупателю, ответьте на его сообщение (смахните его влево или нажмите и выберите «Ответить»); файлы тоже можно.
unknown-command = Такой команды я не знаю. Список команд — /help
unhandled-hint = Чтобы увидеть, что я умею, отправьте /help
unhandled-hint-seller = Чтобы ответить покупателю, ответьте на его сообщение: смахните его влево (или нажмите и удерживайте → «Ответить») и напишите ответ. Всё остальное, что я умею, — /help

## Invites

invite-choose-role = Для какой роли приглашение?
invite-created =
    Приглашение для роли «{ $role }»:
    { $link }

    Ссылка одноразовая и действует до { $expires }. Перешлите её человеку, которого приглашаете.
invite-sent-privately = Ссылку-приглашение я отправил вам в личные сообщения.
invite-open-private-chat = Я не могу написать вам лично: сначала откройте личный чат со мной и нажмите «Старт», потом повторите /invite.
invite-joined =
    { $name }, вы в команде как { $role ->
        [warehouse] сотрудник склада
        [seller] продавец
        [manager] менеджер
       *[admin] администратор
    }{ $scope }.
    Вот что вы можете сделать:
invite-joined-scope = { " " }({ $shops })
invite-joined-owner = Вы — администратор этого бота. Приглашайте команду командой /invite.
invite-accepted = { $name } принял(а) приглашение: { $role }
invite-used = Это приглашение уже использовано. Попросите у администратора новое.
invite-expired = Срок действия приглашения истёк (ссылка действует сутки). Попросите у администратора новое.
invite-unknown = Ссылка-приглашение не распознана. Проверьте её или попросите у администратора новую.
invite-used-by-you = Эта ссылка уже сработала — для вас, открывать её снова не нужно.
invite-failed-admin = { $reason ->
    [used] Эта ссылка уже использована.
    [expired] Срок действия этой ссылки истёк.
   *[other] Эта ссылка не распознана.
} Вы — администратор: новое приглашение создаёт команда /invite.

# Выбор магазинов: на какие магазины приглашение (и роль в карточке /users).
invite-role-scope = { $role } · { $shops }
scope-choose-invite =
    Приглашение для роли «{ $role }»: на какие магазины?
    Выберите магазины и нажмите «Готово» (или сразу «Все магазины»).
scope-all = 🌐 Все магазины
scope-done = Готово
scope-marked = ✅ { $name }
scope-unmarked = ▫️ { $name }
scope-all-stores = все магазины
scope-no-store = ни одного магазина
scope-more = ещё { $count }
scope-none-marked = Выберите хотя бы один магазин или «Все магазины».
scope-expired = Этот выбор устарел. Начните заново.
scope-shop-gone = Этот магазин удалён.

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
users-role-scoped = { $role } ({ $shops })
users-scope-button = 🏬 { $role }: { $shops }
users-scope-choose =
    { $name }: на какие магазины действует роль «{ $role }»?
    Выберите магазины и нажмите «Готово» (или сразу «Все магазины»).
users-scope-changed = Магазины роли «{ $role }»: { $shops }
users-scope-unreachable = ⚠️ Роль «{ $role }» не действует ни в одном магазине: все магазины, которыми она была ограничена, удалены. Выберите магазины заново кнопкой ниже.

## Language

language-choose = Выберите язык:
language-changed = Язык: русский
language-name-ru = Русский
language-name-en = English
