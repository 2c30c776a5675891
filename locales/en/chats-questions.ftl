## Product questions and reviews

questions-header = ❓ Question about a product
questions-product = 📦 { $name } · SKU { $sku }
questions-product-sku = 📦 SKU { $sku }
questions-author = 👤 { $name }
reviews-header = ⭐ Review { $stars } ({ $rating }/5)
reviews-media = 📷 Photos: { $photos }, videos: { $videos } (see them in the Ozon seller account)
reviews-no-text = (a rating without text)
questions-answer-prompt = ✍️ Reply to this message with your answer to the question. It appears on the product page.
reviews-answer-prompt = ✍️ Reply to this message with your answer to the review. It appears under the review.
questions-reply-text-only = Only text can answer a question or a review. Reply with text.
questions-answered = ✅ The answer is published.
questions-answer-too-short = The answer is too short: Ozon takes at least { $min } { $min ->
    [one] character
   *[other] characters
}.
questions-answer-too-long = The answer is too long: Ozon takes at most { $max } { $max ->
    [one] character
   *[other] characters
}.
questions-item-gone = I no longer know this question or review (it is older than 90 days). Answer it in the Ozon seller account.
questions-fail-premium = Ozon refused: answering product questions of { $name } needs a Premium Plus subscription.
questions-premium-missing = ⚠️ { $name }: Ozon refuses product questions: the store has no Premium Plus subscription. I stopped asking for questions and reviews. When the subscription is on, press the button.
reviews-fail-subscription = Ozon refused: answering reviews of { $name } needs the «Управление отзывами» (review management) or Premium Pro subscription.
reviews-subscription-missing = ⚠️ { $name }: Ozon refuses reviews: they need the «Управление отзывами» (review management) or Premium Pro subscription, which the store does not have. I stopped asking for questions and reviews. When the subscription is on, press the button.
questions-turn-on = 🔁 Ask for questions again
questions-turned-on = ✅ { $name }: I ask Ozon for product questions and reviews again.
questions-already-on = { $name }: questions and reviews are already being asked for.
stores-questions-off = ❓ Product questions and reviews: not asked for (no Premium Plus for questions)
stores-reviews-off = ❓ Product questions and reviews: not asked for (no «Управление отзывами» or Premium Pro for reviews)

## Questions: answered and processed (who did it, for the other sellers)

questions-processed-button = ✔️ Processed
questions-processed-ok = ✔️ The question is marked processed at Ozon.
questions-processed-failed = Ozon did not take the "processed" mark for the question of { $name }. Try again later or mark it in the Ozon seller account.
questions-processed-done-button = ✔️ Processed ({ $name }) · answer anyway
questions-processed-note = ✔️ { $name } marked the question processed without an answer. You can still answer: reply to the message.
questions-answered-button = ↩️ { $name } answered · answer again
reviews-answered-button = ↩️ { $name } answered · answer again
questions-answered-note = ↩️ { $name } answered the question: «{ $words }»
reviews-answered-note = ↩️ { $name } answered the review: «{ $words }»
