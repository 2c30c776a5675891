## Budget

ads-budget-on-button = { $budget }{ $kind ->
        [weekly] /wk
       *[other] {""}
    }
ads-budget-unset = no limit
ads-budget-choose = Choose a campaign to change its budget, daily or weekly, whichever it has. You can type part of its title to find it.
ads-budget-ask = Campaign "{ $title }", { $kind ->
        [weekly] weekly
       *[other] daily
    } budget now: { $current }.
    Type the new { $kind ->
        [weekly] weekly budget (for 7 days)
       *[other] daily budget
    } in roubles, for example 1500 or 1,500.50.
ads-budget-bad-number = "{ $input }" does not look like an amount. Type a number of roubles, for example 1500 or 1,500.50.
ads-budget-bad-positive = The budget must be more than zero.
ads-budget-bad-decimals = At most two decimals: budgets are counted in kopecks.
ads-budget-bad-min = Too little: the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget cannot be less than { $limit }.
ads-budget-bad-max = Too much: the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget cannot be more than { $limit }.
ads-budget-confirm = Change the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget of "{ $title }"?
    { $old } → { $new }
ads-budget-rounded = The amount was rounded to kopecks.
ads-budget-confirm-button = ✅ Change
ads-budget-other-amount-button = ✏️ Type it in
ads-budget-done = Done: the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget of "{ $title }" is now { $new } (was { $old }).
ads-budget-mismatch = Ozon accepted the change but now shows { $actual } instead of { $requested }. Check again in a few minutes.
ads-budget-refused = Ozon did not accept the amount: { $message }
ads-budget-kind-unknown = Campaign "{ $title }" has neither a daily nor a weekly budget, and Ozon does not say which one it can have. Set it in Ozon's seller account; then it can be changed here.

## Campaigns

command-campaigns =
    .description = Ad campaigns: status, budget, period, bids
    .button = 📣 Campaigns
campaigns-choose-store = Which store's campaigns?
campaigns-head = 📣 Campaigns: { $count }{ $pages ->
        [1] {""}
       *[other] , page { $page } of { $pages }
    }
campaigns-choose =
    Choose a campaign to open its card.
    On each button: its state, its budget a day (“/wk”: a week), yesterday's spend. ⚠️ — Ozon did not pass the campaign.
campaigns-spend-unknown = Ozon did not give yesterday's spend just now.
campaigns-budget = { $amount } { $kind ->
        [weekly] a week
       *[other] a day
    }
campaigns-period-from = from { $date }, no end date
campaigns-period-to = until { $date }
campaigns-period-none = open-ended
campaigns-spend-short = yesterday { $amount }
campaigns-card-title = 📣 "{ $title }" (No. { $id })
campaigns-card-state = Status: { $state }
campaigns-card-budget = Budget: { $budget }
campaigns-card-period = Period: { $period }
campaigns-card-spend = Spent yesterday: { $amount }
campaigns-card-moderation-failed = ⚠️ Ozon did not pass the campaign: it is not shown until it is fixed in the Ozon account and passes moderation.
campaigns-stores-button = « Stores
campaigns-pause-button = ⏸ Pause
campaigns-resume-button = ▶️ Resume
campaigns-budget-button = 💰 Budget
campaigns-period-button = 📅 Period
campaigns-report-button = 📊 Report
campaigns-bids-button = 🎯 Bids
campaigns-refresh-button = 🔄 Refresh
campaigns-list-button = « Back to list
campaigns-pause-confirm-button = ✅ Yes, pause
campaigns-resume-confirm-button = ✅ Yes, resume
campaigns-back-to-card-button = « Back to campaign
campaigns-not-yours = Someone else opened these buttons. Open your own list: /campaigns
campaigns-shop-gone = This store is no longer in the bot. Open /campaigns again.
campaigns-toggle-not-now = The campaign is { $state } now: it cannot be paused or resumed here.
campaigns-pause-ask = Pause the campaign "{ $title }"? Now: { $state }. Its ads stop showing until you resume it.
campaigns-resume-ask = Resume the campaign "{ $title }"? Now: { $state }.
campaigns-card-state-changed = Status: { $state } ✅ (was: { $was })
campaigns-changed-meanwhile = The campaign changed while you were deciding: it is { $state } now. I changed nothing.
campaigns-report-for = A report on the campaign "{ $title }".
campaigns-bids-head = 🎯 Bids per click — "{ $title }", page { $page }
campaigns-bid-button = SKU { $sku } · { $bid }
campaigns-bid-none = set by Ozon
campaigns-bids-empty = The campaign has no products.
campaigns-bids-hint = Tap a product to change its bid.
campaigns-bids-not-products = This campaign has no product bids: it is not a pay-per-click product campaign.
campaigns-bids-pay-per-order = This is a pay-per-order campaign: Ozon changes its bids elsewhere, they cannot be changed here.
campaigns-bids-auto = The campaign has an automatic strategy ({ $strategy }): Ozon sets its bids and does not take them by hand.
campaigns-period-ask = Campaign "{ $title }", period now: { $current }.
    Type the new period, for example 01.12.2026-31.12.2026, or only the end date (31.12.2026). Or tap "No dates".
campaigns-period-bad-format = "{ $input }" does not look like a period. Type it like 01.12.2026-31.12.2026 or 31.12.2026.
campaigns-period-bad-past = The end date has passed: the campaign would end at once. Type a date from today on.
campaigns-period-unlimited-button = ♾ No dates
campaigns-period-confirm = Change the period of the campaign "{ $title }"?
    { $old } → { $new }
campaigns-period-confirm-button = ✅ Change
campaigns-period-other-button = ✏️ Other dates
campaigns-period-refused = Ozon did not accept the dates: { $message }
campaigns-period-done = Done: the period of the campaign "{ $title }" is now { $new } (was { $old }).
campaigns-period-mismatch = Ozon accepted the change but shows other dates than you asked for ({ $requested }). Check again in a few minutes.
campaigns-bid-bad-number = "{ $input }" does not look like an amount. Type the bid in roubles, for example 12 or 12.50.
campaigns-bid-bad-positive = The bid must be above zero.
campaigns-bid-bad-decimals = At most two decimals: bids are counted in kopecks.
campaigns-bid-bad-min = Too little: the bid cannot be less than { $limit }.
campaigns-bid-bad-max = Too much: the bid cannot be more than { $limit }.
campaigns-bid-product-gone = This product is no longer in the campaign. Open the bids again.
campaigns-bid-ask = "{ $name }" (SKU { $sku }) in the campaign "{ $title }": bid per click now { $current }.
    Type the new bid in roubles (from { $min } to { $max }).
campaigns-bid-competitive = Ozon's competitive bid: { $bid }.
campaigns-bid-confirm = Change the bid per click of "{ $name }" (SKU { $sku })?
    { $old } → { $new }
campaigns-bid-confirm-button = ✅ Change
campaigns-bid-other-button = ✏️ Other bid
campaigns-bid-refused = Ozon did not accept the bid: { $message }
campaigns-bid-done = Done: the bid per click of "{ $name }" (SKU { $sku }) is now { $new } (was { $old }).
campaigns-bid-mismatch = Ozon accepted the change but shows another bid than you asked for ({ $requested }). Check again in a few minutes.
campaigns-dialog-over = This dialog is over. Open the campaign again: /campaigns
