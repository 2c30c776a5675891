## Advertising: what the campaign, report and schedule dialogs share (campaign states and lists, Ozon's failures)

ads-state-running = running
ads-state-planned = planned
ads-state-stopped = stopped: its dates are over
ads-state-inactive = paused
ads-state-archived = archived
ads-state-moderation = in moderation
ads-state-moderation-failed = failed moderation
ads-state-other = other status
ads-campaigns-more = { $shown } and { $more } more
ads-list-search = Campaigns matching "{ $search }".
ads-campaigns-none = There are no ad campaigns yet.
ads-search-missed = No campaigns match "{ $search }"; the list is as it was. Type another part of the title.
ads-back-button = « Back
ads-campaign-gone = This campaign is no longer in Ozon's list.
ads-dialog-over = This dialog is over. Start again: /budget or /report
ads-ozon-busy = Ozon is overloaded with requests right now. Try again in a minute.
ads-ozon-unavailable = Ozon does not answer. Try again a little later.
ads-ozon-auth = Ozon did not accept the Performance API keys. Tell the bot's administrator.
ads-ozon-refused = Ozon refused: { $message }
ads-ozon-other = Ozon could not be reached. Try again a little later.
