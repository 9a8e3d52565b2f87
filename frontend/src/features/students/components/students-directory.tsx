import { useMemo, useState } from 'react'
import { Input } from '@/components/ui/input'
import { Pagination } from '@/components/ui/pagination'
import { displayName } from '@/lib/user'
import type { User } from '@/types/api'
import { useStudents } from '../api/get-students'
import { SkillsFilter } from './skills-filter'
import { StudentsGrid } from './students-grid'

/** Spec §2: the search matches name, email or a skill, case-insensitively, on the client. */
export function matchesSearch(student: User, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  const haystack = [displayName(student), student.email, ...(student.skills ?? []).map((s) => s.name)]
  return haystack.some((text) => text?.toLowerCase().includes(needle))
}

type StudentsDirectoryProps = {
  /** The page's heading (and tab title): the spec names the two routes differently. */
  title: string
  /** The skills filter's button, in the spec's words for the route (Filter or Apply). */
  submitLabel: string
}

/**
 * The one student directory both routes show (issue 18): search by name, email or skill on the
 * page, the skills filter on the server over every student, and the cards with their track
 * records, View Profile, View Resume and Message.
 */
export function StudentsDirectory({ title, submitLabel }: StudentsDirectoryProps) {
  const [filter, setFilter] = useState({ skills: '', page: 1 })
  const [search, setSearch] = useState('')
  const students = useStudents(filter.skills, filter.page)
  const shown = useMemo(() => (students.data?.items ?? []).filter((s) => matchesSearch(s, search)), [students.data, search])
  const narrowed = search.trim() !== '' || filter.skills.trim() !== ''
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>{`${title} · Bridgework`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <Input label="Search" type="search" placeholder="Name, email or skill" value={search} onChange={(event) => setSearch(event.target.value)} />
        <SkillsFilter initial={filter.skills} submitLabel={submitLabel} onApply={(skills) => setFilter({ skills, page: 1 })} />
      </div>
      <StudentsGrid
        students={shown}
        isLoading={students.isPending}
        isError={students.isError}
        onRetry={() => void students.refetch()}
        emptyText={narrowed ? 'No students match your criteria' : 'No students found.'}
      />
      {students.data && <Pagination paged={students.data} onPageChange={(page) => setFilter({ ...filter, page })} label="Students pages" />}
    </div>
  )
}
