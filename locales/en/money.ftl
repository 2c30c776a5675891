## Money: /money
command-money =
    .description = What Ozon accrued and paid: sales, charges, ads, balance
    .button = 💰 Money
money-title = { $many ->
    [yes] 💰 Money · { $store }
   *[no] 💰 Money
}
money-period = { $period ->
    [w] This week so far
    [m] This month so far
   *[d] Yesterday
}: { $days }
money-period-button = { $period ->
    [w] Week
    [m] Month
   *[d] Yesterday
}
money-statement = ⚠️ Ozon's daily figures are not available now: these are Ozon's half-month statement for { $days }.
money-sales = Sales: { $amount }
money-returns = Returns: { $amount }
money-commission = Ozon's commission: { $amount }
money-delivery = Delivery: { $amount }
money-other = Other services: { $amount }
money-ads = Ads: { $amount }
money-ads-failed = Ads: the Performance API did not answer
money-net = 🟰 Net: { $amount }
money-balance-title = Balance for the period
money-opening = Opening: { $amount }
money-accrued = Accrued: { $amount }
money-paid-out = Paid out: { $amount }
money-closing = Closing: { $amount }
money-no-stores = No store with Seller API keys whose money you may see.
money-store-gone = That store is no longer yours to see. Open /money again.
money-not-yours = This screen was opened by someone else: open your own with /money.
money-ozon-refused = Ozon refused: { $reason }
money-ozon-keys = Ozon did not accept the store's keys. Check them in /stores.
money-ozon-unavailable = Ozon is not answering now. Try again a little later.

## A posting's money (its card)
money-earned-line = 💰 To you: { $amount }
money-earned-button = 💰 What it earned
money-earned-breakdown = Price: { $price }
    Commission: { $commission }
    Delivery: { $delivery }
    Other: { $other }
    To you: { $total }
money-earned-none = Ozon has not accrued this posting yet.

## Margins
money-margins-button = 📉 Worst margins
money-xlsx-button = 📄 Month XLSX
money-back-button = ⬅️ Back
money-margins-title = { $many ->
    [yes] 📉 Worst margins · { $store }
   *[no] 📉 Worst margins
}
money-margins-line = { $index }. { $product }: { $units ->
    [one] { $units } pc
   *[other] { $units } pcs
}, revenue { $revenue }, margin { $margin }{ $percent }{ $cost ->
    [no] {" "}— no cost price
   *[yes] {""}
}
money-margins-none = Ozon has accrued no sales in this period yet.
money-margins-no-cost = Products without a cost price count it as zero: set it in the cost column of /workbook.
money-xlsx-making = Making the month's workbook…
money-xlsx-caption = 📄 { $store }: the month per product (products: { $count })
money-col-offer = Article
money-col-units = Units
money-col-revenue = Revenue
money-col-commission = Commission
money-col-delivery = Delivery
money-col-other = Other charges
money-col-cost = Cost
money-col-margin = Margin
money-col-margin-percent = Margin %
money-col-total = Total

## Money alerts
money-alert-loss-button = { $on ->
    [yes] 🔔 Loss days: on
   *[no] 🔕 Loss days: off
}
money-alert-payout-button = { $on ->
    [yes] 🔔 Missed payouts: on
   *[no] 🔕 Missed payouts: off
}
money-alert-switched = { $alert ->
    [loss] Loss-day alerts
   *[payout] Missed-payout alerts
}: { $on ->
    [yes] on
   *[no] off
}
money-loss-title = 📉 Sold at a loss on { $day }:
money-loss-line = • { $product }: { $units ->
    [one] { $units } pc
   *[other] { $units } pcs
}, revenue { $revenue }, Ozon's charges { $charges }, cost { $cost } → { $margin }
money-loss-hint = Details: /money → 📉 Worst margins. Turn these alerts off there too.
money-payout-missed = 🏦 Ozon paid nothing out on { $day }, a payout day, with { $balance } on the balance. Check Finance → Balance in the Ozon cabinet.
