import { cn } from '@/lib/cn'

type ReasonListProps = {
  reasons: string[]
  /** Names the list for a screen reader, e.g. "Why Rosa Diaz matches". */
  label: string
  className?: string
  /** For the control the reasons describe (aria-describedby). */
  id?: string
}

/** Why a student matches a task, or a task a student: the server's reasons in words, as chips. */
export function ReasonList({ reasons, label, className, id }: ReasonListProps) {
  if (reasons.length === 0) return null
  return (
    <ul id={id} aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {reasons.map((reason) => (
        <li key={reason} className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs text-emerald-800 ring-1 ring-inset ring-emerald-200">
          {reason}
        </li>
      ))}
    </ul>
  )
}
