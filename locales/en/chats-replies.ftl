## Quick replies

command-replies =
    .description = Saved answers to buyers: list, add, edit, delete
    .button = 📝 Saved answers
quick-replies-button = 📝 Saved answer
quick-replies-no-store = There is no store with buyer chats that you answer for.
quick-replies-which-store = Saved answers of which store?
quick-replies-title = 📝 Saved answers: { $count } of { $max }
quick-replies-empty = None yet. Add the answers you write most often.
quick-replies-placeholders = Placeholders: { "{order}" } — the order number (buyer chats about an order), { "{name}" } — the buyer's name (product questions). If Ozon did not give the number or the name, the answer goes without it.
quick-replies-copy-order = 📋 Copy { "{order}" } — the order number
quick-replies-copy-name = 📋 Copy { "{name}" } — the buyer's name
quick-replies-add = ➕ Add
quick-replies-add-ask = Send the text of the new saved answer (up to { $max } { $max ->
    [one] character
   *[other] characters
}).
quick-replies-edit-ask = Send the new text of this saved answer (up to { $max } { $max ->
    [one] character
   *[other] characters
}).
quick-replies-current = Now:
quick-replies-saved =
    ✅ Saved:
    { $text }

    /replies — all saved answers
quick-replies-dialog-over = This dialog is over. Send /replies to start again.
quick-replies-problem-empty = The text is empty. Send the text of the answer.
quick-replies-problem-too-long = The text has { $length } { $length ->
    [one] character
   *[other] characters
}; an Ozon message holds at most { $max }. Send a shorter one.
quick-replies-problem-placeholder = I do not know the placeholder { $token }. Use { "{order}" } or { "{name}" } (or write it without braces).
quick-replies-problem-full = The store already has { $max } { $max ->
    [one] saved answer
   *[other] saved answers
}, the most it can keep. Delete one first.
quick-replies-gone = This saved answer is gone (deleted meanwhile).
quick-replies-delete-confirm =
    Delete this saved answer?

    { $text }
quick-replies-delete-yes = 🗑 Delete
quick-replies-delete-no = ◀️ Keep it
quick-replies-deleted = Deleted.
quick-replies-none-yet = { $name } has no saved answers yet. Add them with /replies.
quick-replies-pick = 📝 Choose a saved answer to see it before it goes:
quick-replies-pick-send = 📝 Tap a number: that answer goes to the buyer at once:
quick-replies-offer = 📝 Or answer with a saved answer:
quick-replies-more = More…
quick-replies-preview = 👀 This goes to the buyer:
quick-replies-missing-order = ℹ️ Ozon gives no order number here: { "{order}" } is left out.
quick-replies-missing-name = ℹ️ Ozon gives no buyer's name here: { "{name}" } is left out.
quick-replies-send = 📤 Send
quick-replies-back = « Back
quick-replies-changed = This saved answer was changed meanwhile: here is the new text. Press Send again if it is right.
quick-replies-already-sent = Already sent.
quick-replies-sent-short = Sent ✅
quick-replies-sent =
    ✅ Sent to the buyer by { $who }:
    { $text }
