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
