import { useMemo, useState } from 'react'
import { Pagination } from '@/components/ui/pagination'
import { displayName } from '@/lib/user'
import type { User } from '@/types/api'
import { useStudents } from '../api/get-students'
import type { DirectoryWords } from '../words'
import { StudentsFilter } from './students-filter'
import { StudentsGrid } from './students-grid'

/** Spec §2: the search matches name, email or a skill, case-insensitively, on the client. */
export function matchesSearch(student: User, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  const haystack = [displayName(student), student.email, ...(student.skills ?? []).map((s) => s.name)]
  return haystack.some((text) => text?.toLowerCase().includes(needle))
}

/**
 * The one student directory both routes show, in each route's words: one filter (search on the
 * page by name, email or skill; skills on the server over every student) and one card with the
 * track record, the profile, the résumé and Message.
 */
export function StudentsDirectory({ words }: { words: DirectoryWords }) {
  const { title, submitLabel } = words
  const [filter, setFilter] = useState({ skills: '', page: 1 })
  const [search, setSearch] = useState('')
  const students = useStudents(filter.skills, filter.page)
  const shown = useMemo(() => (students.data?.items ?? []).filter((s) => matchesSearch(s, search)), [students.data, search])
  const narrowed = search.trim() !== '' || filter.skills.trim() !== ''
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>{`${title} · Bridgework`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <StudentsFilter
        search={search}
        onSearchChange={setSearch}
        initialSkills={filter.skills}
        submitLabel={submitLabel}
        onApplySkills={(skills) => setFilter({ skills, page: 1 })}
      />
      <StudentsGrid
        words={words}
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
