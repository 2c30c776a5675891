## Главная: что показывают /start, /help и 🔄 — что ждёт вас сейчас, каждая строка ведёт к делу

home-title = 🏠 Главная
home-title-group = 🏠 Работа группы
home-pack = 📦 Собрать: { $count }
home-pack-late = просрочено: { $late }
home-pack-soon = срок в ближайшие 2 ч: { $soon }
home-chats = 💬 Покупатели ждут ответа: { $count }
home-chats-oldest = дольше всех — { $age }
home-returns = ↩️ Возвраты ждут решения: { $count }
home-returns-nearest = ближайший срок — { $when }
home-deliveries = 🚚 Свои доставки ждут следующего шага: { $count }
home-stock-out = 🔴 Нет в наличии: { $count }
home-stock-low = 🟠 Заканчиваются: { $count }
home-rating = 📉 Рейтинги в зоне риска Ozon: { $count }
home-rating-danger = в красной зоне: { $danger }
home-keys = ⚠️ Магазины, где не работают ключи: { $count }
home-stalled = ⚠️ Зависшие циклы опроса: { $count }
home-nothing = ✅ Сейчас вас ничего не ждёт. Можно начать:
home-nothing-group = ✅ Сейчас у группы нет работы.
home-unread = ⚠️ Сейчас не удалось прочитать: { $stores }
home-as-of = данные на { $time }
home-refresh = 🔄 Обновить
home-all = ☰ Все дела
home-back = ⬅️ Главная
home-all-title = ☰ Все ваши дела:
home-help = Команды, которые можно набрать (все дела есть и под ☰ Все дела):
