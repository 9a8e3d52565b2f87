import { Search, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button, buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { savedSearchSummary, tasksPathOf, type SavedSearch } from '@/lib/tasks/saved-search'
import { SETTINGS_SECTIONS } from '../schemas'

export const NO_SAVED_SEARCHES = 'No saved searches yet. Save one from the tasks page.'

type SavedSearchesSectionProps = {
  searches: QueryStatus<SavedSearch[]>
  onDelete: (saved: SavedSearch) => void
  /** The search being deleted, whose button waits. */
  deletingId?: string
}

/** /settings "Saved searches" (students): each search in words, a way to its tasks, and Delete. */
export function SavedSearchesSection({ searches, onDelete, deletingId }: SavedSearchesSectionProps) {
  return (
    <Card className="p-4 sm:p-6">
      <section id={SETTINGS_SECTIONS.savedSearches.id} aria-labelledby="saved-searches-heading" className="scroll-mt-24 space-y-4">
        <div>
          <h2 id="saved-searches-heading" className="text-xl font-semibold text-slate-900">
            {SETTINGS_SECTIONS.savedSearches.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">When a startup posts a task matching one, you hear about it at once.</p>
        </div>
        <QueryState
          query={searches}
          loadingLabel="Loading saved searches"
          error="Could not load your saved searches."
          isEmpty={(list) => list.length === 0}
          empty={
            <>
              <p>{NO_SAVED_SEARCHES}</p>
              <Link to={paths.tasks} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                Go to tasks
              </Link>
            </>
          }
        >
          {(list) => (
            <ul aria-label="Saved searches" className="divide-y divide-slate-100">
              {list.map((saved) => (
                <li key={saved._id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">{saved.name}</p>
                    <p className="break-words text-sm text-slate-600">{savedSearchSummary(saved)}</p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Link
                      to={tasksPathOf(saved)}
                      aria-label={`Show tasks for ${saved.name}`}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    >
                      <Search className="size-4" aria-hidden="true" />
                      Show tasks
                    </Link>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="text-red-700"
                      aria-label={`Delete saved search ${saved.name}`}
                      isLoading={deletingId === saved._id}
                      onClick={() => onDelete(saved)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </Card>
  )
}
