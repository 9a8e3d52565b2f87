import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { ReasonList } from '@/components/matching/reason-list'
import { Spinner } from '@/components/ui/spinner'
import { displayName } from '@/lib/user'
import type { StudentMatch } from '@/types/matching'

type FindStudentsFieldProps = {
  /** False while the skills field is empty (spec §5: Find Students is disabled then). */
  canSearch: boolean
  onFind: () => void
  /** Ranked for the draft, best first; undefined until Find Students was pressed. */
  students: StudentMatch[] | undefined
  isLoading: boolean
  value: string
  onChange: (studentId: string) => void
}

/**
 * Find Students and the radio list of Available Students, in the server's ranked order with why
 * each matches; "Anyone" keeps the task open to all.
 */
export function FindStudentsField({ canSearch, onFind, students, isLoading, value, onChange }: FindStudentsFieldProps) {
  const name = useId()
  return (
    <div className="space-y-2">
      <Button variant="outline" onClick={onFind} disabled={!canSearch}>
        Find Students
      </Button>
      {isLoading && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" decorative /> Loading...
        </p>
      )}
      {students && !isLoading && (
        <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Available Students</legend>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="radio" name={name} value="" checked={value === ''} onChange={() => onChange('')} className="accent-indigo-600" />
            Anyone: keep the task open to all students
          </label>
          {students.length === 0 ? (
            <p className="text-sm text-slate-500">No students found</p>
          ) : (
            students.map(({ student: s, score, reasons }) => (
              <div key={s._id} className="space-y-1">
                <label className="flex items-start gap-2 text-sm text-slate-700">
                  <input
                    type="radio"
                    name={name}
                    value={s._id}
                    checked={value === s._id}
                    onChange={() => onChange(s._id)}
                    aria-describedby={reasons.length ? `${name}-why-${s._id}` : undefined}
                    className="mt-1 accent-indigo-600"
                  />
                  <span>
                    <span className="font-medium text-slate-900">{displayName(s)}</span>
                    <span className="ml-2 text-xs text-slate-600 tabular-nums">Score {score}</span>
                    <span className="block text-xs text-slate-500">
                      {s.email}
                      {s.skills?.length
                        ? ` · ${s.skills
                            .map((k) => k.name)
                            .slice(0, 4)
                            .join(', ')}`
                        : ''}
                    </span>
                  </span>
                </label>
                <ReasonList id={`${name}-why-${s._id}`} reasons={reasons} label={`Why ${displayName(s)} matches`} className="ml-6" />
              </div>
            ))
          )}
        </fieldset>
      )}
    </div>
  )
}
