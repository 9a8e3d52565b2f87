/**
 * One posted task alerts every online student whose saved search it matches: thousands of tabs
 * get their task.alert in the same second. Each refetches the lists the task changes after a
 * random wait of up to this long, so 10,000 tabs ask about 2,000 times a second over 5 s instead
 * of all at once (an instance serves 1,000–2,000 dashboards a second). The toast does not wait.
 */
export const TASK_ALERT_REFETCH_SPREAD_MS = 5_000
