## Advertising: what the campaign, report and schedule dialogs share (campaign states and lists, Ozon's failures)

ads-state-running = работает
ads-state-planned = запланирована
ads-state-stopped = остановлена: срок вышел
ads-state-inactive = на паузе
ads-state-archived = в архиве
ads-state-moderation = на модерации
ads-state-moderation-failed = не прошла модерацию
ads-state-other = другой статус
ads-campaigns-more = { $shown } и ещё { $more }
ads-list-search = Кампании по запросу «{ $search }».
ads-campaigns-none = Рекламных кампаний пока нет.
ads-search-missed = Не нашёл кампаний по запросу «{ $search }» — список прежний. Напишите другую часть названия.
ads-back-button = « Назад
ads-campaign-gone = Этой кампании больше нет в списке Ozon.
ads-dialog-over = Этот диалог уже закончен. Начните заново: /budget или /report
ads-ozon-busy = Ozon сейчас перегружен запросами. Попробуйте через минуту.
ads-ozon-unavailable = Ozon не отвечает. Попробуйте чуть позже.
ads-ozon-auth = Ozon не принял ключи Performance API. Сообщите администратору бота.
ads-ozon-refused = Ozon отказал: { $message }
ads-ozon-other = Не получилось обратиться к Ozon. Попробуйте чуть позже.
