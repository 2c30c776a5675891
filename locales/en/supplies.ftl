## Supplies: FBO supply orders by state, their cards, state changes
command-supplies =
    .description = FBO supplies: by state, timeslots, contents
    .button = 🚛 Supplies
supplies-title = 🚛 FBO supplies
supplies-none = No supply orders.
supplies-count = { $state }: { $count }
supplies-open = Open orders:
supplies-line = • No. { $number } — { $state }, { $timeslot }, { $warehouse }
supplies-no-stores = No store with Seller API keys whose supplies you may see.
supplies-choose-store = Which store's supplies?
supplies-store-unknown = This store is not available to you.
supplies-unavailable = Ozon did not give the supply orders just now. Try again later.
supplies-not-found = Ozon knows no such supply order.
supplies-card-title = 🚛 Supply order No. { $number }
supplies-card-state = State: { $state }
supplies-card-timeslot = Timeslot: { $timeslot }
supplies-card-warehouse = Drop-off warehouse: { $warehouse }
supplies-card-storage = Storage warehouses: { $warehouses }
supplies-card-contents = Contents: { $lines } lines, { $units } in all
supplies-card-bundles-cut = Contents of the first { $shown } of { $count ->
    [one] { $count } supply
   *[other] { $count } supplies
} only.
supplies-card-item = • { $name } — { $quantity }
supplies-more = …and { $count } more
supplies-changed = 🚛 Supply No. { $number }: { $state }
supplies-changed-from = Was: { $state }
supplies-open-button = 📦 Contents
supplies-state-data-filling = filling in data
supplies-state-ready-to-supply = ready to supply
supplies-state-accepted-at-supply-warehouse = accepted at the drop-off point
supplies-state-in-transit = in transit
supplies-state-acceptance-at-storage-warehouse = being accepted at the warehouse
supplies-state-reports-confirmation-awaiting = accepted with discrepancies: the act awaits your confirmation
supplies-state-report-rejected = acceptance act rejected
supplies-state-completed = accepted
supplies-state-rejected-at-supply-warehouse = refused at acceptance
supplies-state-cancelled = cancelled
supplies-state-overdue = overdue
