import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

type StudentsFilterProps = {
  search: string
  onSearchChange: (search: string) => void
  initialSkills: string
  /** The button's text: Filter on Browse Students, Apply on the Students page (spec §2). */
  submitLabel: string
  onApplySkills: (skills: string) => void
}

/**
 * The one filter of both student directories: the search narrows the page as it is typed (name,
 * email or skill), the skills go to the server when applied (students with any of them).
 */
export function StudentsFilter({ search, onSearchChange, initialSkills, submitLabel, onApplySkills }: StudentsFilterProps) {
  const [skills, setSkills] = useState(initialSkills)
  return (
    <form
      role="search"
      aria-label="Filter students"
      className="grid gap-x-4 gap-y-2 md:grid-cols-[1fr_1fr_auto] md:items-start"
      onSubmit={(event) => {
        event.preventDefault()
        onApplySkills(skills)
      }}
    >
      <Input
        label="Search"
        type="search"
        placeholder="Name, email or skill"
        hint="Narrows this page as you type"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Input
        label="Skills"
        placeholder="e.g. React, Python"
        hint="Comma separated; students with any of them"
        value={skills}
        onChange={(event) => setSkills(event.target.value)}
      />
      <Button type="submit" className="md:mt-7">
        {submitLabel}
      </Button>
    </form>
  )
}
