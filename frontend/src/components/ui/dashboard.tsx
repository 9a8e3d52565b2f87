import type { ReactNode } from 'react'
import { Card } from './card'

/** A titled card of a dashboard, labelled by its heading, with an optional action beside it. */
export function DashboardSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Card className="p-5">
      <section aria-labelledby={id} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  )
}

/** One of a dashboard's stat cards: an icon, a label and a count. */
export function StatCard({ label, value, icon, hint }: { label: string; value: number; icon: ReactNode; hint?: string }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="rounded-xl bg-indigo-50 p-3 text-indigo-700">{icon}</span>
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-semibold text-slate-900">{value}</p>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
    </Card>
  )
}
