import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

type SkillsFilterProps = {
  initial: string
  /** The button's text: Filter on Browse Students, Apply on the Students page (spec §2). */
  submitLabel: string
  onApply: (skills: string) => void
}

/** The server-side skills filter: comma separated, students with any of them. */
export function SkillsFilter({ initial, submitLabel, onApply }: SkillsFilterProps) {
  const [value, setValue] = useState(initial)
  return (
    <form
      role="search"
      aria-label="Filter by skills"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault()
        onApply(value)
      }}
    >
      <Input
        label="Skills"
        placeholder="e.g. React, Python"
        hint="Comma separated; students with any of them"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        containerClassName="flex-1"
      />
      <Button type="submit" className="sm:mb-6">
        {submitLabel}
      </Button>
    </form>
  )
}
