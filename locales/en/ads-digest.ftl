## Scheduled reports (/schedule)

digest-button-off = 🗞 Digest at { $time } — off
digest-button-on = 🗞 Digest at { $time } — on
digest-settings-button = 🕘 Digest time
digest-about = 🗞 Daily digest: every day at the time you choose ({ $zone }) — yesterday's orders and revenue per store, the ad spend and what it brought.
digest-state-on = Now: on, comes at { $time }.
digest-state-off = Now: off.
digest-turn-on-button = ✅ Turn on
digest-turn-off-button = 🔕 Turn off
digest-time-button = 🕘 Change the time
digest-turned-on = ✅ The digest will come every day at { $time }.
digest-turned-off = 🔕 The digest is off.
digest-time-ask = At what time should the digest come? Type it as HH:MM, for example 09:00 ({ $zone }).
digest-title = 🗞 Digest for { $day }
digest-no-stores = No stores you can reach as a manager.
digest-sales = 🛒 Ordered: { $units } { $units ->
    [one] pc
   *[other] pcs
} for { $revenue }
digest-sales-none = 🛒 Orders: the store has no Seller API keys.
digest-sales-failed = 🛒 Orders: Ozon did not answer ({ $reason }).
digest-ads = 📣 Ads: spent { $spend }; orders from ads: { $orders } for { $revenue }
digest-ads-share = (ACoS { $share } %)
digest-ads-none = 📣 Ads: the store has no Performance API keys.
digest-ads-failed = 📣 Ads: Ozon did not answer ({ $reason }).
digest-decimal = .
digest-gave-up = ⚠️ The digest for { $day } did not come: { $reason } I tried for about an hour and gave up. The next one comes as usual, at { $time }.
digest-gave-up-telegram = Telegram did not accept the message ({ $code }: { $description }).
digest-gave-up-network = there was no connection to Telegram.
digest-gave-up-interrupted = the bot restarted while sending it.
digest-gave-up-other = it could not be sent.
digest-net = 💰 Net: { $net } (Ozon's accruals less the ads)
digest-balance = 🏦 Balance at the day's end: { $balance }
digest-money-failed = 💰 Net: Ozon did not answer ({ $reason }).
digest-money-no-day = 💰 Net: Ozon's daily figures are not available now (its half-month statement stands in, see /money).
