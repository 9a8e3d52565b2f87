import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { displayName } from '@/lib/user'
import type { User } from '@/types/api'

type FindStudentsFieldProps = {
  /** False while the skills field is empty (spec §5: Find Students is disabled then). */
  canSearch: boolean
  onFind: () => void
  /** Undefined until Find Students was pressed. */
  students: User[] | undefined
  isLoading: boolean
  value: string
  onChange: (studentId: string) => void
}

/** Find Students and the radio list of Available Students; "Anyone" keeps the task open to all. */
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
            students.map((s) => (
              <label key={s._id} className="flex items-start gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name={name}
                  value={s._id}
                  checked={value === s._id}
                  onChange={() => onChange(s._id)}
                  className="mt-1 accent-indigo-600"
                />
                <span>
                  <span className="font-medium text-slate-900">{displayName(s)}</span>
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
            ))
          )}
        </fieldset>
      )}
    </div>
  )
}
