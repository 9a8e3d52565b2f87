import { Search, SlidersHorizontal } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input, inputClasses } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { ALL_CATEGORIES, labelOf } from '@/lib/tasks/constants'
import type { TaskQuery } from '@/types/tasks'
import { BudgetFilter, type PayCurrencies } from './budget-filter'

type TaskFiltersProps = {
  query: TaskQuery
  /** Gets what changed, not the whole query: a change made before the previous one has reached
   * `query` must not undo it. */
  onChange: (change: Partial<TaskQuery>) => void
  /** Students also filter by source (spec §5) and sort by best match. */
  showSource?: boolean
  /** Shown beside the Filters heading: a student's "Save this search". */
  action?: ReactNode
  /** The budget range's currencies; no range until the server said which it takes. */
  pay?: PayCurrencies
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId()
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(inputClasses, 'border-slate-300')}>
        {children}
      </select>
    </div>
  )
}

/** How many of the panel's filters narrow the list (the search box and the sort narrow nothing here). */
export function activeFilterCount(query: TaskQuery, showSource: boolean): number {
  return [query.category, query.deadline, showSource && query.source, query.payMin || query.payMax, query.paid === 'true'].filter(Boolean).length
}

/**
 * The search box and filter panel of /tasks (spec §5): search over title, description, category
 * and skills; category; deadline on or before a date; source for students; a budget range; paid
 * only; sort by deadline, title, highest pay (compared approximately, across currencies) or, for a
 * student, best match. Every change goes to the server, which filters and pages. On a phone the
 * filters fold behind a Filters button saying how many are on, so the first task shows without
 * scrolling; from the `sm` breakpoint they are always open.
 */
export function TaskFilters({ query, onChange, showSource = false, action, pay }: TaskFiltersProps) {
  const [search, setSearch] = useState(query.search ?? '')
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const active = activeFilterCount(query, showSource)
  useEffect(() => setSearch(query.search ?? ''), [query.search])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ search: search.trim(), page: 1 })
  }
  const set = (change: Partial<TaskQuery>) => onChange({ ...change, page: 1 })

  return (
    <section aria-label="Search and filters" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <Input
          label="Search tasks"
          hideLabel
          type="search"
          placeholder="Search by title, description, category or skill"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          containerClassName="flex-1"
          maxLength={200}
        />
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="hidden items-center gap-2 text-sm font-medium text-slate-700 sm:flex">
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Filters
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
        {action}
      </div>
      <div id={panelId} className={cn('space-y-4 sm:block', open ? 'block' : 'hidden')}>
        <div className={cn('grid gap-3 sm:grid-cols-2', showSource ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
          <Select label="Category" value={query.category ?? ''} onChange={(category) => set({ category })}>
            <option value="">All categories</option>
            {ALL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {labelOf(c)}
              </option>
            ))}
          </Select>
          <Input label="Deadline on or before" type="date" value={query.deadline ?? ''} onChange={(event) => set({ deadline: event.target.value })} />
          {showSource && (
            <Select label="Source" value={query.source ?? ''} onChange={(source) => set({ source: source as TaskQuery['source'] })}>
              <option value="">All sources</option>
              <option value="startup">Assigned to you by a startup</option>
              <option value="non-startup">Open to everyone</option>
            </Select>
          )}
          <Select label="Sort by" value={query.sort ?? 'deadline'} onChange={(sort) => set({ sort: sort as TaskQuery['sort'] })}>
            <option value="deadline">Deadline</option>
            <option value="title">Title</option>
            <option value="pay">Highest pay (approximate)</option>
            {showSource && <option value="best-match">Best match</option>}
          </Select>
        </div>
        {pay && <BudgetFilter query={query} pay={pay} onChange={onChange} />}
        <Checkbox label="Paid only" checked={query.paid === 'true'} onChange={(event) => set({ paid: event.target.checked ? 'true' : undefined })} />
      </div>
    </section>
  )
}
