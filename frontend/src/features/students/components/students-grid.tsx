import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import type { User } from '@/types/api'
import { StudentCard, type CardWords } from './student-card'

type StudentsGridProps = {
  students: User[]
  words: CardWords
  isLoading: boolean
  isError: boolean
  onRetry: () => void
  emptyText: string
}

/** A grid of student cards with its loading, failure and empty states. */
export function StudentsGrid({ students, words, isLoading, isError, onRetry, emptyText }: StudentsGridProps) {
  if (isLoading) {
    return (
      <div className="flex justify-center py-16 text-indigo-600">
        <Spinner size="lg" label="Loading students" />
      </div>
    )
  }
  return (
    <div className="space-y-4">
      {isError && (
        <Alert tone="error">
          Failed to load users.{' '}
          <button type="button" className="font-medium underline" onClick={onRetry}>
            Try again
          </button>
        </Alert>
      )}
      {students.length === 0 ? (
        <p className="py-12 text-center text-slate-500">{emptyText}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {students.map((student) => (
            <li key={student._id} className="min-w-0">
              <StudentCard student={student} words={words} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
