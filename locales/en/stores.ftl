## Stores
shop-tag = 🏬 { $name }
shop-choose = Which store?
shop-none-for-you = You have no access to any store for this. Ask an admin.
shop-gone = The store “{ $name }” was removed while this dialog was open. The dialog is closed; nothing was changed.
shop-paused = The store “{ $name }” is paused: the bot does not serve it now.
command-stores =
    .description = Ozon stores: add, rename, pause, remove
    .button = 🏬 Stores
stores-title = Ozon stores: { $count }
stores-empty = No Ozon store is connected yet.
stores-origin-env = from the configuration
stores-origin-bot = added in the bot
stores-api-seller = Seller API
stores-api-performance = Performance API
stores-keys-ok = ✅ keys work
stores-keys-refused = ❌ Ozon refuses the keys
stores-keys-unknown = ⏳ not checked yet
stores-last-ok = last success { $time }
stores-paused-mark = ⏸ paused: not polled
stores-pause-button = ⏸ Pause
stores-resume-button = ▶️ Resume
stores-remove-button = 🗑 Remove
stores-add-button = ➕ Add a store
stores-back = « Back
stores-gone = This store is no longer connected. Here is the list as it is now.
stores-from-env = “{ $name }” comes from the configuration (OZON_STORES or the OZON_… variables): remove it there. It can be paused or renamed here.
stores-pause-confirm = Pause “{ $name }”? The bot stops polling it (no alerts, no buyer messages) until you resume it.
stores-pause-yes = ⏸ Yes, pause
stores-resume-confirm = Resume “{ $name }”? The bot polls it again.
stores-resume-yes = ▶️ Yes, resume
stores-remove-confirm = Remove “{ $name }”? Its polling stops and its keys are deleted from the bot. Its records stay: adding it again picks them up.
stores-remove-yes = 🗑 Yes, remove
stores-paused = ⏸ “{ $name }” is paused.
stores-resumed = ▶️ “{ $name }” is polled again.
stores-removed = 🗑 “{ $name }” is removed.
stores-add-private = Keys are typed in a private chat only: open a private chat with me and send /stores there.
stores-add-over = This dialog is over. Open /stores to add a store.
stores-add-left = Adding the store is cancelled; nothing was saved.
stores-add-name = What should the new store be called? (at most { $max } { $max ->
    [one] character
   *[other] characters
}, as it will head its alerts)
stores-name-empty = The name must not be empty.
stores-name-too-long = The name is { $length } { $length ->
    [one] character
   *[other] characters
} long; at most { $max } are allowed. Please type a shorter one.
stores-name-bad-characters = The name must not contain <, > or &. Please type another one.
stores-name-taken = A store named “{ $name }” already exists. Please choose another name.
stores-add-client-id = The Client-Id of “{ $name }” (Ozon seller account → Settings → Seller API): digits, as Ozon shows it.
stores-client-id-bad = A Client-Id is 1 to 64 letters, digits, - or _. Please check and type it again.
stores-client-id-taken = This Client-Id is already connected as “{ $name }”.
stores-add-api-key = Now the Api-Key. I delete your message with it as soon as I have read it.
stores-key-bad = That does not look like a key (no spaces, at most 4096 characters). Please send it again.
stores-key-not-deleted = ⚠️ I could not delete your message with the key. Please delete it yourself.
stores-key-not-name = 🔑 That looks like an Ozon key, not a name, so I deleted the message. Keys come later, after the Client-Id.
stores-key-not-client-id = 🔑 That looks like an Api-Key, not a Client-Id, so I deleted the message: the Api-Key goes at the next step.
stores-key-not-performance-id = 🔑 That looks like a client secret, not a client id, so I deleted the message: the secret goes at the next step.
stores-key-not-new-name = 🔑 That looks like an Ozon key, not a name, so I deleted the message. A store's keys are never typed when renaming it.
stores-add-performance-id = The Performance API client id (advertising: budgets and reports), or Skip if this store does not use it.
stores-performance-id-bad = A client id has no spaces and at most 256 characters. Please type it again, or Skip.
stores-add-performance-secret = Now the Performance client secret. I delete your message with it as soon as I have read it.
stores-skip = Skip
stores-checking = ⏳ Checking the keys with Ozon…
stores-refused-seller = ❌ Ozon refused these keys (Seller API): the Client-Id and Api-Key do not belong together, or the key was revoked. Nothing was saved. Let us try again.
stores-refused-performance = ❌ Ozon refused these keys (Performance API): the client id and secret do not belong together, or the secret was revoked. Nothing was saved. Let us try again, or Skip.
stores-check-unavailable = ⚠️ I could not check the keys with Ozon now (it did not answer, or answered with an error). Nothing was saved: please try again later with /stores.
stores-added = ✅ The store “{ $name }” is added (Seller API). New postings and buyer messages of it come from now on.
stores-added-both = ✅ The store “{ $name }” is added (Seller and Performance APIs). New postings and buyer messages of it come from now on.
stores-rename-ask = The new name of “{ $name }” (at most { $max } { $max ->
    [one] character
   *[other] characters
}):
stores-rename-confirm = Rename “{ $old }” to “{ $new }”?
stores-rename-yes = ✅ Rename
stores-rename-again = ✏️ Another name
stores-rename-over = This dialog is over. Open /stores to rename a store.
stores-renamed = ✅ “{ $old }” is now called “{ $new }”.
stores-key-in-group-deleted = ⚠️ { $name }, I deleted your message: it looked like an Ozon key. Keys are typed in a private chat with me only (/stores). If others may have seen it, issue a new key in the Ozon seller account.
stores-key-in-group-kept = ⚠️ { $name }, your message looks like an Ozon key, and I could not delete it here: please delete it now and issue a new key in the Ozon seller account. Keys are typed in a private chat with me only (/stores).
stores-health-refused-seller = ❌ Ozon refuses the Seller API keys of “{ $name }”: no alerts or buyer messages of it come until the keys work. Check them in the Ozon seller account; new keys go in the configuration, or remove the store and add it again in /stores. I will tell you when they work again.
stores-health-refused-performance = ❌ Ozon refuses the Performance API keys of “{ $name }”: budgets and reports of it do not work until the keys do. I will tell you when they work again.
stores-health-recovered-seller = ✅ The Seller API keys of “{ $name }” work again.
stores-health-recovered-performance = ✅ The Performance API keys of “{ $name }” work again.
