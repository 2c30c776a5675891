## Product questions and reviews

questions-header = ❓ Вопрос о товаре
questions-product = 📦 { $name } · SKU { $sku }
questions-product-sku = 📦 SKU { $sku }
questions-author = 👤 { $name }
reviews-header = ⭐ Отзыв { $stars } ({ $rating }/5)
reviews-media = 📷 Фото: { $photos }, видео: { $videos } (смотрите в личном кабинете Ozon)
reviews-no-text = (оценка без текста)
questions-answer-prompt = ✍️ Напишите ответ на вопрос ответом на это сообщение. Он появится на странице товара.
reviews-answer-prompt = ✍️ Напишите ответ на отзыв ответом на это сообщение. Он появится под отзывом.
questions-reply-text-only = Ответить на вопрос или отзыв можно только текстом. Ответьте текстом.
questions-answered = ✅ Ответ опубликован.
questions-answer-too-short = Ответ слишком короткий: Ozon принимает не меньше { $min } { $min ->
    [one] символа
    [few] символов
   *[many] символов
}.
questions-answer-too-long = Ответ слишком длинный: Ozon принимает не больше { $max } { $max ->
    [one] символа
    [few] символов
   *[many] символов
}.
questions-item-gone = Я больше не знаю этот вопрос или отзыв (он старше 90 дней). Ответьте в личном кабинете Ozon.
questions-fail-premium = Ozon отказал: для ответов на вопросы о товарах магазина { $name } нужна подписка Premium Plus.
questions-premium-missing = ⚠️ { $name }: Ozon не отдаёт вопросы о товарах — у магазина нет подписки Premium Plus. Я перестал запрашивать вопросы и отзывы. Когда подписка появится, нажмите кнопку.
reviews-fail-subscription = Ozon отказал: для ответов на отзывы магазина { $name } нужна подписка «Управление отзывами» или Premium Pro.
reviews-subscription-missing = ⚠️ { $name }: Ozon не отдаёт отзывы — для них нужна подписка «Управление отзывами» или Premium Pro, а у магазина её нет. Я перестал запрашивать вопросы и отзывы. Когда подписка появится, нажмите кнопку.
questions-turn-on = 🔁 Снова запрашивать вопросы
questions-turned-on = ✅ { $name }: снова запрашиваю у Ozon вопросы о товарах и отзывы.
questions-already-on = { $name }: вопросы и отзывы и так запрашиваются.
stores-questions-off = ❓ Вопросы о товарах и отзывы: не запрашиваются (для вопросов нет Premium Plus)
stores-reviews-off = ❓ Вопросы о товарах и отзывы: не запрашиваются (для отзывов нет «Управления отзывами» или Premium Pro)

## Questions: answered and processed (who did it, for the other sellers)

questions-processed-button = ✔️ Обработан
questions-processed-ok = ✔️ Вопрос отмечен в Ozon как обработанный.
questions-processed-failed = Ozon не принял отметку «обработан» для вопроса магазина { $name }. Попробуйте позже или отметьте в личном кабинете Ozon.
questions-processed-done-button = ✔️ Обработан ({ $name }) · всё равно ответить
questions-processed-note = ✔️ { $name } отметил(а) вопрос обработанным, без ответа. Ответить всё ещё можно: ответьте на сообщение.
questions-answered-button = ↩️ { $name } ответил(а) · ответить ещё раз
reviews-answered-button = ↩️ { $name } ответил(а) · ответить ещё раз
questions-answered-note = ↩️ { $name } ответил(а) на вопрос: «{ $words }»
reviews-answered-note = ↩️ { $name } ответил(а) на отзыв: «{ $words }»
