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
ads-report-other-period-button = 📅 Other dates
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
ads-campaign-quoted = "{ $title }"
