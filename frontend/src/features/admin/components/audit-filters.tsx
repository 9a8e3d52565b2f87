import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input, inputClasses } from '@/components/ui/input'
import { auditTypeLabels, auditTypes } from '@/lib/audit'
import type { AuditFilters as Filters } from '../api/get-audit'
import type { KnownPerson } from '../api/get-people-index'

type AuditFiltersProps = {
  filters: Filters
  /** Called with the filters that changed (the page goes back to 1). */
  onChange: (change: Partial<Filters>) => void
  /** People the Who field suggests by name. */
  people: KnownPerson[]
}

/**
 * Who, what, from and to. What and the dates apply as soon as they change; Who (an id, typed or
 * picked from the suggestions) on Enter, Apply or leaving the field.
 */
export function AuditFilters({ filters, onChange, people }: AuditFiltersProps) {
  const [actor, setActor] = useState(filters.actor)
  const [shownActor, setShownActor] = useState(filters.actor)
  // The URL changed under the form (Back, Clear): show its actor.
  if (filters.actor !== shownActor) {
    setShownActor(filters.actor)
    setActor(filters.actor)
  }
  const typeId = useId()
  const listId = useId()
  const applyActor = () => {
    if (actor.trim() !== filters.actor) onChange({ actor: actor.trim() })
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    applyActor()
  }
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Filter the audit trail"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      <Input
        label="Who (user id)"
        value={actor}
        list={listId}
        placeholder="Anyone"
        autoComplete="off"
        onChange={(e) => setActor(e.target.value)}
        onBlur={applyActor}
      />
      <datalist id={listId}>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {`${p.name} (${p.kind})`}
          </option>
        ))}
      </datalist>
      <div className="space-y-1.5">
        <label htmlFor={typeId} className="block text-sm font-medium text-slate-700">
          What
        </label>
        <select id={typeId} className={inputClasses} value={filters.type} onChange={(e) => onChange({ actor: actor.trim(), type: e.target.value })}>
          <option value="">All</option>
          {auditTypes.map((t) => (
            <option key={t} value={t}>
              {auditTypeLabels[t]}
            </option>
          ))}
        </select>
      </div>
      <Input
        label="From"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => onChange({ actor: actor.trim(), from: e.target.value })}
      />
      <Input
        label="To (including)"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(e) => onChange({ actor: actor.trim(), to: e.target.value })}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="outline">
          Apply
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setActor('')
            onChange({ actor: '', type: '', from: '', to: '' })
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  )
}
