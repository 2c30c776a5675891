## Budget

ads-state-running = running
ads-state-planned = planned
ads-state-stopped = stopped: its dates are over
ads-state-inactive = paused
ads-state-archived = archived
ads-state-moderation = in moderation
ads-state-moderation-failed = failed moderation
ads-state-other = other status
ads-campaigns-more = { $shown } and { $more } more
ads-budget-on-button = { $budget }{ $kind ->
        [weekly] /wk
       *[other] {""}
    }
ads-budget-unset = no limit
ads-budget-choose = Choose a campaign to change its budget, daily or weekly, whichever it has. You can type part of its title to find it.
ads-list-search = Campaigns matching "{ $search }".
ads-campaigns-none = There are no ad campaigns yet.
ads-search-missed = No campaigns match "{ $search }"; the list is as it was. Type another part of the title.
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
ads-budget-other-amount-button = ✏️ Another amount
ads-back-button = « Back
ads-budget-done = Done: the { $kind ->
        [weekly] weekly
       *[other] daily
    } budget of "{ $title }" is now { $new } (was { $old }).
ads-budget-mismatch = Ozon accepted the change but now shows { $actual } instead of { $requested }. Check again in a few minutes.
ads-budget-refused = Ozon did not accept the amount: { $message }
ads-budget-kind-unknown = Campaign "{ $title }" has neither a daily nor a weekly budget, and Ozon does not say which one it can have. Set it in Ozon's seller account; then it can be changed here.
ads-campaign-gone = This campaign is no longer in Ozon's list.
ads-dialog-over = This dialog is over. Start again: /budget or /report
ads-ozon-busy = Ozon is overloaded with requests right now. Try again in a minute.
ads-ozon-unavailable = Ozon does not answer. Try again a little later.
ads-ozon-auth = Ozon did not accept the Performance API keys. Tell the bot's administrator.
ads-ozon-refused = Ozon refused: { $message }
ads-ozon-other = Ozon could not be reached. Try again a little later.

## Reports

ads-kind-campaigns = Campaign statistics
ads-kind-phrases = Search phrases
ads-kind-attribution = Order attribution
ads-group-day = By day
ads-group-week = By week
ads-group-month = By month
ads-quick-yesterday = ⚡ Yesterday
ads-quick-week = ⚡ 7 days
ads-quick-month = ⚡ Month
ads-period-yesterday = Yesterday
ads-period-last-7-days = Last 7 days
ads-period-last-30-days = Last 30 days
ads-period-this-month = This month
ads-period-last-month = Last month
ads-days = { $days } d
ads-report-choose = Choose campaigns for the report (at most { $max }), then press Done. You can type part of a title to find it.
ads-report-done-button = Done ({ $count })
ads-report-choose-one = Which campaign is the report for? Type part of a name to find it.
ads-report-more-button = ➕ More campaigns
ads-report-too-many = At most { $max } { $max ->
    [one] campaign goes
   *[other] campaigns go
} into one report; this would make { $count }.
ads-report-none-chosen = Choose at least one campaign.
ads-report-period = For which period? Days are counted in { $zone }.
    Or type the dates, for example { $example }
ads-period-bad-format = I did not understand the dates. Type them like this: { $example }
ads-period-bad-date = There is no such date in the calendar. Check the day and the month.
ads-period-bad-order = The period ends before it starts.
ads-period-bad-future = The period cannot end after today.
ads-period-too-long = The period is too long: { $days } { $days ->
    [one] day
   *[other] days
}, and Ozon makes reports for at most { $max } { $max ->
    [one] day
   *[other] days
}. For this end date the earliest start is { $earliest }.
ads-report-kind = Which report do you need?
ads-report-phrases-one = The search phrases report is made for one campaign: choose exactly one.
ads-report-no-objects = This campaign has no products, so there is no phrases report. Choose another report.
ads-report-objects = Phrases for which products (SKU)?
ads-report-objects-all = All ({ $count })
ads-report-days = Attribution window: count orders for how many days after a click?
ads-report-bad-days = The attribution window is 1 to 365 days.
ads-report-bad-request = This report cannot be ordered. Start again: /report
ads-report-confirm = Create the report?
    { $kind }
    Campaigns: { $campaigns }
    Period: { $period }
    Grouping: { $grouping }
ads-report-confirm-objects = Products: { $objects }
ads-report-confirm-days = Attribution window: { $days } { $days ->
    [one] day
   *[other] days
}
ads-report-order-button = ✅ Create
ads-report-other-kind-button = 📑 Another kind of report
ads-report-again-button = ⚡ As last time: { $campaigns } · { $period } · { $grouping }
ads-again-yesterday = yesterday
ads-again-7-days = 7 days
ads-again-30-days = 30 days
ads-again-this-month = this month
ads-again-last-month = last month
ads-report-refused = The report was not ordered: { $reason }
ads-report-about = { $kind } · { $campaigns } · { $period }
ads-report-progress-ordered = ⏳ Creating the report: sending the request to Ozon…
    { $about }
ads-report-progress-queued = ⏳ The report is in the queue: number { $place }. Ozon prepares reports one at a time.
    { $about }
ads-report-progress-busy = ⏳ Ozon is busy with other reports of this account; the report is in the queue: number { $place }. I will ask again by myself.
    { $about }
ads-report-progress-preparing = ⏳ Ozon is preparing the report…
    { $about }
ads-report-progress-sending = 📤 The report is ready, sending the file…
    { $about }
ads-report-progress-delivered = ✅ Report sent.
    { $about }
ads-report-caption = 📊 { $about }

    { $summary }
ads-report-no-summary = No summary could be read from the file; please open it.
ads-summary-impressions = Impressions
ads-summary-clicks = Clicks
ads-summary-ctr = CTR
ads-summary-spend = Spend
ads-summary-orders = Orders
ads-summary-revenue = Revenue
ads-summary-nothing = The report has no impressions, clicks or spend.
ads-report-failed-ozon = ❌ Ozon could not prepare the report: { $message }
    { $about }
ads-report-failed-ozon-silent = ❌ Ozon could not prepare the report and gave no reason. Try ordering it again, or for another period.
    { $about }
ads-report-failed-rejected = ❌ Ozon refused the report request: { $message }
    { $about }
ads-report-failed-gave-up = ❌ The report could not be fetched: Ozon has not answered for a long time. Please order it again a little later.
    { $about }
ads-report-failed-unreadable = ❌ Ozon said the report is ready, but the file cannot be downloaded: { $message }
    { $about }
ads-report-failed-too-large = ❌ The report is ready, but Ozon's file is larger than the bot takes, and asking again brings the same file. Order it for a shorter period, for fewer campaigns, or grouped by week or month.
    { $about }
ads-report-failed-delivery = ❌ The report is ready, but the file could not be sent to Telegram. Please order it again.
    { $about }
ads-report-failed-shop-removed = ❌ The report was cancelled: its store was removed.
    { $about }
ads-report-cancelled = ❌ The report was cancelled: the store “{ $name }” was removed while the report was being prepared. If the store is added again, order the report again: /report
    { $about }
ads-report-retry-button = 🔁 Retry
ads-report-retry-gone = This report is no longer on record. Order it again: /report
ads-report-retry-not-yours = Only the person who ordered this report can retry it.
ads-report-retry-done = This report has already been ordered again.

## Campaigns
command-campaigns =
    .description = Ad campaigns: status, budget, period, bids
    .button = 📣 Campaigns
campaigns-choose-store = Which store's campaigns?
campaigns-head = 📣 Campaigns: { $count }{ $pages ->
        [1] {""}
       *[other] , page { $page } of { $pages }
    }
campaigns-choose = Choose a campaign to open its card.
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
campaigns-toggled = ✅ "{ $title }": { $old } → { $new }
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

## Scheduled reports (/schedule)
command-schedule =
    .description = Reports on a schedule and the daily digest
    .button = 🗓 Schedule
schedule-list = 🗓 Scheduled reports: { $count } of { $max }. Times: { $zone }.
schedule-list-group = 🗓 Scheduled reports to this group: { $count } (each administrator can keep up to { $max } in all). Times: { $zone }.
schedule-none = None yet. Tap “➕ New schedule”.
schedule-new-button = ➕ New schedule
schedule-pause-button = ⏸ Pause
schedule-resume-button = ▶️ Resume
schedule-delete-button = 🗑 Delete
schedule-delete-yes-button = 🗑 Yes, delete
schedule-back-button = « Back
schedule-save-button = ✅ Save
schedule-delete-confirm = Delete this schedule? Its reports will stop coming.
schedule-deleted = 🗑 Schedule deleted.
schedule-paused = ⏸ Schedule paused: no reports until you resume it.
schedule-resumed = ▶️ Schedule resumed.
schedule-saved = ✅ Schedule saved.
schedule-limit = You cannot keep more than { $max } { $max ->
    [one] schedule
   *[other] schedules
}. Delete one you no longer need and try again.
schedule-group-not-admin = Only an administrator of this group can set up scheduled reports to it. Send me /schedule in a private chat to get reports yourself.
schedule-choose-campaign = Which campaign should the report be about? Type part of a title to find it.
schedule-choose-campaigns = Which campaigns go into the report (at most { $max })? Choose them, then press Done. You can type part of a title to find it.
schedule-period-last-month = Previous calendar month
schedule-format-csv = CSV
schedule-format-xlsx = Excel (XLSX)
schedule-every = How often?
schedule-every-day = Every day
schedule-every-week = Once a week
schedule-every-month = Once a month
schedule-weekday = On which day of the week?
schedule-weekday-1 = Mon
schedule-weekday-2 = Tue
schedule-weekday-3 = Wed
schedule-weekday-4 = Thu
schedule-weekday-5 = Fri
schedule-weekday-6 = Sat
schedule-weekday-7 = Sun
schedule-every-weekday-1 = every Monday
schedule-every-weekday-2 = every Tuesday
schedule-every-weekday-3 = every Wednesday
schedule-every-weekday-4 = every Thursday
schedule-every-weekday-5 = every Friday
schedule-every-weekday-6 = every Saturday
schedule-every-weekday-7 = every Sunday
schedule-day = On which day of the month? Type a number from 1 to 31. When a month has no such day (the 31st, say), the report comes on its last day.
schedule-day-bad = I need a number from 1 to 31, such as 1 or 15.
schedule-time = At what time? Type it as HH:MM, for example 18:30 ({ $zone }).
schedule-time-pick = At what time should the report come ({ $zone })?
schedule-time-other-button = Other time
schedule-zone-local = { $city ->
    [moscow] Moscow time
   *[other] time zone { $zone }
}
schedule-time-bad = I did not understand the time. Type it like 09:00 or 18:30.
schedule-confirm = Save the schedule?
schedule-rule-day = every day at { $time }
schedule-rule-week = { $weekday } at { $time }
schedule-rule-month = every month on day { $day } at { $time }
schedule-rule-month-short = (on the last day in shorter months)
schedule-report = 📊 { $campaigns } · { $period } · { $grouping } · { $format }
schedule-to-me = 📬 To you in a private chat
schedule-to-group = 📬 To the group “{ $title }”
schedule-owner = 👤 Set up by { $name }
schedule-next = Next report: { $at }
schedule-next-zoned = Next report: { $at } ({ $zone })
schedule-paused-line = ⏸ Paused
schedule-paused-for = ⏸ Paused: { $reason }
schedule-failed = ⚠️ A scheduled report did not come out.
    🗓 { $rule }
    { $report }
    Reason: { $reason }
    { $next }
schedule-failed-retrying = I will try once more in { $minutes } min.
schedule-failed-next = The next try is the next scheduled one, { $at }.
schedule-failed-shop-gone = the store was removed from the bot or no longer has Performance API keys.
schedule-failed-ozon = Ozon could not build the report: “{ $message }”.
schedule-failed-ozon-silent = Ozon could not build the report and gave no reason.
schedule-failed-error = an internal error of the bot; it is in the log.
schedule-stopped = ⏸ I paused your scheduled report.
    🗓 { $rule }
    { $report }
    { $where }
    Reason: { $reason }
    Nothing more goes out until you resume it in /schedule.
schedule-stopped-no-access = you no longer have access to this store's reports.
schedule-stopped-not-admin = you are no longer an administrator of that group.
schedule-stopped-bot-gone = I am no longer in that group.
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
    [one] unit
   *[other] units
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

## Report charts and XLSX
report-chart-title = Spend and orders by day
report-chart-title-clicks = Spend and clicks by day
report-chart-title-spend = Spend by day
report-chart-spend = Spend, RUB
report-chart-orders = Orders
report-chart-clicks = Clicks
report-chart-others = Others
report-chart-caption = 📈 { $title } · { $period }
report-xlsx-button = 📊 Get it as XLSX
report-xlsx-caption = 📊 { $about } (XLSX)
report-xlsx-total = Total
report-xlsx-expired = The XLSX of this report can no longer be built: reports are kept { $days } { $days ->
    [one] day
   *[other] days
}. Order it again with the button below.
report-xlsx-reorder-button = 🔁 Order again (XLSX)
report-xlsx-not-yours = This button is for the person who ordered the report.
report-xlsx-gone = This report is no longer on record. Order it again: /report
report-xlsx-too-large = The report is too large for XLSX ({ $rows } { $rows ->
    [one] row
   *[other] rows
}, at most { $max }). Please open the CSV.
report-xlsx-failed = The XLSX could not be built. Please open the CSV or try later.
report-xlsx-reordered = 🔁 Report ordered again; it will come as XLSX.
report-format-csv-button = CSV
report-format-xlsx-button = XLSX
report-format-chosen = File: { $format }

## Report texts: values inside a sentence
ads-group-day-value = by day
ads-group-week-value = by week
ads-group-month-value = by month
schedule-period-yesterday-value = yesterday
schedule-period-last-7-days-value = last 7 days
schedule-period-last-30-days-value = last 30 days
schedule-period-last-month-value = previous calendar month
ads-campaign-quoted = "{ $title }"
