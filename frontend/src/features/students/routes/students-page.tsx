import { useMemo, useState } from 'react'
import { Input } from '@/components/ui/input'
import { displayName } from '@/lib/user'
import type { User } from '@/types/api'
import { useStudents } from '../api/get-students'
import { SkillsFilter } from '../components/skills-filter'
import { StudentsGrid } from '../components/students-grid'

/** Spec §2: the search matches name, email or a skill, case-insensitively, on the client. */
export function matchesSearch(student: User, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  const haystack = [displayName(student), student.email, ...(student.skills ?? []).map((s) => s.name)]
  return haystack.some((text) => text?.toLowerCase().includes(needle))
}

/** /startup/students: search, skills filter with Apply, cards with View, Resume and Message. */
export function StudentsPage() {
  const [skills, setSkills] = useState('')
  const [search, setSearch] = useState('')
  const students = useStudents(skills)
  const shown = useMemo(() => (students.data ?? []).filter((s) => matchesSearch(s, search)), [students.data, search])
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Students · Bridgework</title>
      <h1 className="text-3xl font-bold text-slate-900">Students</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <Input
          label="Search"
          type="search"
          placeholder="Name, email or skill"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SkillsFilter initial={skills} submitLabel="Apply" onApply={setSkills} />
      </div>
      <StudentsGrid
        students={shown}
        isLoading={students.isPending}
        isError={students.isError}
        onRetry={() => void students.refetch()}
        variant="students"
        emptyText="No students match your criteria"
      />
    </div>
  )
}
