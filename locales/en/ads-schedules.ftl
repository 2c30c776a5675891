## Scheduled reports (/schedule)

command-schedule =
    .description = Reports on a schedule and the daily digest
    .button = 🗓 Schedule
schedule-list = 🗓 Scheduled reports: { $count } of { $max }. Times: { $zone }.
schedule-list-group = 🗓 Scheduled reports to this group: { $count } (each administrator can keep up to { $max } in all). Times: { $zone }.
schedule-none = None yet. Tap “➕ New schedule”.
schedule-none-start = None yet — let's make the first one.
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
schedule-period-last-month = Last month
schedule-format-csv = CSV
schedule-format-xlsx = XLSX
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

## Report texts: values inside a sentence

schedule-period-yesterday-value = yesterday
schedule-period-last-7-days-value = last 7 days
schedule-period-last-30-days-value = last 30 days
schedule-period-last-month-value = last month
