import type { AdminWeekActivity } from '../api/get-admin-activity'

/** The three weekly series, with the colours the bars and the legend share. */
const series = [
  { key: 'signups', label: 'Sign-ups', fill: 'fill-indigo-500', swatch: 'bg-indigo-500' },
  { key: 'submissions', label: 'Submissions', fill: 'fill-amber-500', swatch: 'bg-amber-500' },
  { key: 'certificates', label: 'Certificates', fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
] as const

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** "Nov 16" for a week's Monday (a date, read as UTC so no time zone moves it a day). */
export function formatWeek(week: string): string {
  const date = new Date(`${week}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? week : weekFormat.format(date)
}

/** What the chart shows, in one sentence: the totals over its weeks and this week's figures. */
export function activitySummary(weeks: AdminWeekActivity[]): string {
  if (weeks.length === 0) return 'Weekly activity: no weeks to show.'
  const sum = (key: (typeof series)[number]['key']) => weeks.reduce((n, w) => n + w[key], 0)
  const last = weeks[weeks.length - 1]
  return (
    `Weekly activity over the last ${weeks.length} weeks, from the week of ${formatWeek(weeks[0].week)}: ` +
    `${sum('signups')} sign-ups, ${sum('submissions')} submissions and ${sum('certificates')} certificates issued. ` +
    `This week so far: ${last.signups} sign-ups, ${last.submissions} submissions, ${last.certificates} certificates.`
  )
}

const height = 160
const groupWidth = 48
const barWidth = 12

/**
 * Sign-ups, submissions and certificates per week as grouped bars in plain SVG. The picture is
 * one image named by its summary; the figures themselves are in a table that screen readers read
 * and sighted users do not see.
 */
export function WeeklyActivityChart({ weeks }: { weeks: AdminWeekActivity[] }) {
  const top = Math.max(1, ...weeks.flatMap((w) => series.map((s) => w[s.key])))
  const width = weeks.length * groupWidth
  return (
    <figure className="space-y-3">
      <svg role="img" aria-label={activitySummary(weeks)} viewBox={`0 0 ${width} ${height + 20}`} className="h-48 w-full" preserveAspectRatio="none">
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-slate-300" strokeWidth={1} />
        {weeks.map((w, i) => (
          <g key={w.week} transform={`translate(${i * groupWidth + 6}, 0)`}>
            {/* A pointer's tooltip; the image's name and the table below carry it for everyone else. */}
            <title>{`Week of ${formatWeek(w.week)}: ${w.signups} sign-ups, ${w.submissions} submissions, ${w.certificates} certificates`}</title>
            {series.map((s, j) => {
              const h = (w[s.key] / top) * (height - 8)
              return <rect key={s.key} x={j * barWidth} y={height - h} width={barWidth - 2} height={h} className={s.fill} rx={1} />
            })}
          </g>
        ))}
      </svg>
      <div aria-hidden="true" className="flex justify-between gap-2 text-xs text-slate-500 tabular-nums">
        <span>{weeks.length > 0 && formatWeek(weeks[0].week)}</span>
        <span>Tallest bar: {top}</span>
        <span>{weeks.length > 0 && `Week of ${formatWeek(weeks[weeks.length - 1].week)}`}</span>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-3 rounded-sm ${s.swatch}`} />
            {s.label}
          </span>
        ))}
        <span>per week (Monday to Sunday, UTC)</span>
      </figcaption>
      {/* sr-only on a wrapper: a table grows to fit its cells whatever width it is given. */}
      <div className="sr-only">
        <table>
          <caption>Activity per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">{formatWeek(w.week)}</th>
                {series.map((s) => (
                  <td key={s.key}>{w[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

/** The spec's submission statuses as the admin reads them. */
const statusLabels: Record<string, string> = {
  pending: 'Pending',
  'under-review': 'Under review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
  closed: 'Closed',
}

/** Submissions by status: each status with its count as text and a bar to compare them. */
export function SubmissionsByStatus({ counts }: { counts: Record<string, number> }) {
  const entries = Object.entries(counts).sort(([a], [b]) => Object.keys(statusLabels).indexOf(a) - Object.keys(statusLabels).indexOf(b))
  const top = Math.max(1, ...entries.map(([, n]) => n))
  return (
    <ul aria-label="Submissions by status" className="space-y-2">
      {entries.map(([status, n]) => (
        <li key={status} className="grid grid-cols-[8.5rem_1fr_2.5rem] items-center gap-2 text-sm">
          <span className="text-slate-700">{statusLabels[status] ?? status}</span>
          <span aria-hidden="true" className="h-2.5 rounded-full bg-slate-100">
            <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${(n / top) * 100}%` }} />
          </span>
          <span className="text-right font-semibold text-slate-900 tabular-nums">{n}</span>
        </li>
      ))}
    </ul>
  )
}
