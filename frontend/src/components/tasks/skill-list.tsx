import { cn } from '@/lib/cn'

type SkillListProps = {
  skills: string[]
  /** How many to show before "+N more" (spec §9: 2 on dashboard cards, 3 on the tasks page). */
  shown: number
  className?: string
}

/** A task's skills as chips: the first few, then "+N more" naming the rest on hover. */
export function SkillList({ skills, shown, className }: SkillListProps) {
  if (skills.length === 0) return null
  const rest = skills.slice(shown)
  return (
    <ul aria-label="Skills" className={cn('flex flex-wrap gap-1.5', className)}>
      {skills.slice(0, shown).map((skill) => (
        <li key={skill} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {skill}
        </li>
      ))}
      {rest.length > 0 && (
        <li className="rounded-md px-1 py-0.5 text-xs font-medium text-slate-500" title={rest.join(', ')}>
          +{rest.length} more
        </li>
      )}
    </ul>
  )
}
