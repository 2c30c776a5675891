## Status (/status, admins): is the bot well
command-status =
    .description = Is the bot well: loops, Ozon errors, keys, Telegram queue
    .button = 🩺 Status
status-title-ok = 🩺 Bot status: all loops run
status-title-stalled = 🩺 Bot status: ⚠️ { $n } loop(s) stalled
status-refresh = 🔄 Refresh
status-stores-none = No Ozon store is connected.
status-store-title = 🏬 { $name }
status-store-paused = ⏸ paused: not polled
status-keys-seller = Seller API: { $state }
status-keys-performance = Performance API: { $state }
status-keys-ok = ✅ keys work
status-keys-refused = ❌ Ozon refuses the keys
status-keys-unknown = ⏳ not checked yet
status-loops-none = no loop runs for it
status-loop-never = no good pass yet
status-loop-failures = , { $n } failed in a row
status-loop-holder = , run by { $process }
status-ozon-errors = Ozon errors in the last hour: { $list }
status-ozon-errors-none = Ozon errors in the last hour: none
status-push = Last push from Ozon: { $ago }
status-push-never = Last push from Ozon: none yet
status-report-jobs = Report jobs waiting: { $n }
status-ozon-switch-offs-title = ⏳ Ozon is switching off { $n ->
    [one] a method
   *[other] { $n } methods
} this version still uses (update the bot before the day):
status-ozon-switch-off = • { $method }: { $when } → { $successor }
status-ozon-switch-off-dated = off on { $date } (in { $days } d)
status-ozon-switch-off-gone = switched off since { $date }
status-ozon-switch-off-undated = announced, no date yet
status-bot-title = 🤖 The bot
status-telegram = Telegram queue: { $depth } waiting, oldest { $oldest }; 429 in the last hour: { $limited }
status-processes = Processes alive: { $n }
status-process = • { $process } v{ $version }, up { $uptime }, { $memory } MB, runs { $held } loop(s)
status-process-this = (this one)
status-version = Version { $version }, up { $uptime }, memory { $memory } MB (heap { $heap } MB)
status-ago = { $span } ago
status-stalled-notice = ⚠️ “{ $loop }” { $where } has not completed a pass and its current one makes no progress (last good pass: { $when }). See /status.
status-recovered-notice = ✅ “{ $loop }” { $where } works again.
status-notice-of-store = of “{ $store }”
status-notice-of-bot = of the bot
status-store-brief-well = 🏬 { $name }: ✅ all well
status-store-brief-paused = 🏬 { $name }: ⏸ paused
status-loop-name = { $key ->
    [posting-watcher] postings
    [chat-relay] buyer chats
    [question-relay] product questions
    [report-runner] reports
    [report-scheduler] scheduled reports
    [digest-scheduler] daily digest
    [ozon-push] Ozon pushes
   *[other] { $name }
}
