import { Search } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { SelectField } from '@/components/ui/select-field'
import type { AdminUsersSort } from '../api/get-admin-users'

const sortOptions: Array<{ value: AdminUsersSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'name', label: 'Name (A–Z)' },
]

type PeopleSearchProps = {
  /** "students" or "startups", for the labels. */
  noun: string
  search: string
  sort: AdminUsersSort
  onSearch: (search: string) => void
  onSort: (sort: AdminUsersSort) => void
}

/**
 * The search box and sort select above a people table. The search runs on submit (Enter or the
 * button), so each keystroke is not a request; the sort applies at once.
 */
export function PeopleSearch({ noun, search, sort, onSearch, onSort }: PeopleSearchProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <form
        role="search"
        aria-label={`Search ${noun}`}
        className="flex flex-1 items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          onSearch(String(new FormData(event.currentTarget).get('search') ?? ''))
        }}
      >
        {/* Keyed by the search in the URL, so Back and a cleared search reset what is typed. */}
        <Input
          key={search}
          type="search"
          name="search"
          label={`Search ${noun}`}
          placeholder="Name, email or company"
          defaultValue={search}
          maxLength={100}
          containerClassName="flex-1 min-w-0"
        />
        <Button type="submit" variant="outline">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </form>
      <div className="sm:w-48">
        <SelectField label="Sort by" options={sortOptions} value={sort} onChange={(e) => onSort(e.target.value as AdminUsersSort)} />
      </div>
    </div>
  )
}
