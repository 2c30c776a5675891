## Home: what /start, /help and 🔄 show — what needs you now, each line a button into its job

home-title = 🏠 Home
home-title-group = 🏠 This group's work
home-pack = 📦 To pack: { $count }
home-pack-late = { $late } late
home-pack-soon = { $soon } due within 2 h
home-chats = 💬 Buyers waiting: { $count }
home-chats-oldest = the oldest { $age }
home-returns = ↩️ Returns to decide: { $count }
home-returns-nearest = nearest deadline { $when }
home-deliveries = 🚚 Own deliveries waiting for a step: { $count }
home-stock-out = 🔴 Out of stock: { $count }
home-stock-low = 🟠 Running low: { $count }
home-rating = 📉 Ratings in Ozon's warning zone: { $count }
home-rating-danger = { $danger } in the danger zone
home-keys = ⚠️ Stores whose keys fail: { $count }
home-stalled = ⚠️ Stalled loops: { $count }
home-nothing = ✅ Nothing needs you now. Jobs you can start:
home-nothing-group = ✅ Nothing waits for this group now.
home-unread = ⚠️ Not read just now: { $stores }
home-as-of = as of { $time }
home-refresh = 🔄 Refresh
home-all = ☰ All jobs
home-back = ⬅️ Home
home-all-title = ☰ All your jobs:
home-help = Also typed (every job is under ☰ All jobs too):
