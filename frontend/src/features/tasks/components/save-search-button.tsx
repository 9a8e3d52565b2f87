import { BookmarkPlus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/lib/notify'
import { defaultSavedSearchName, savedFiltersOf, savedSearchSummary } from '@/lib/tasks/saved-search'
import type { TaskQuery } from '@/types/tasks'
import { useSaveSearch } from '../api/save-search'
import { SaveSearchDialog } from './save-search-dialog'

export const SEARCH_SAVED = 'Search saved'

/**
 * "Save this search" (students): keeps the filters applied now (the ones in the URL) under a
 * name, so a matching task posted later reaches the student live and in the bell.
 */
export function SaveSearchButton({ query }: { query: TaskQuery }) {
  const [open, setOpen] = useState(false)
  const save = useSaveSearch({
    onSuccess: () => {
      setOpen(false)
      notify.success(SEARCH_SAVED)
    },
  })
  const filters = savedFiltersOf(query)
  const close = () => {
    setOpen(false)
    save.reset()
  }
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BookmarkPlus className="size-4" aria-hidden="true" />
        Save this search
      </Button>
      {open && (
        <SaveSearchDialog
          summary={savedSearchSummary(filters)}
          defaultName={defaultSavedSearchName(filters)}
          onSubmit={({ name }) => save.mutate({ name, ...filters })}
          onClose={close}
          isSaving={save.isPending}
          error={save.error ?? undefined}
        />
      )}
    </>
  )
}
