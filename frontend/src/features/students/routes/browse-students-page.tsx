import { useState } from 'react'
import { Pagination } from '@/components/ui/pagination'
import { useStudents } from '../api/get-students'
import { SkillsFilter } from '../components/skills-filter'
import { StudentsGrid } from '../components/students-grid'

/** /startup/browse-students: skills filter with Filter, cards with View Profile and View Resume. */
export function BrowseStudentsPage() {
  const [filter, setFilter] = useState({ skills: '', page: 1 })
  const students = useStudents(filter.skills, filter.page)
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Browse Students · Bridgework</title>
      <h1 className="text-3xl font-bold text-slate-900">Browse Students</h1>
      <SkillsFilter initial={filter.skills} submitLabel="Filter" onApply={(skills) => setFilter({ skills, page: 1 })} />
      <StudentsGrid
        students={students.data?.items ?? []}
        isLoading={students.isPending}
        isError={students.isError}
        onRetry={() => void students.refetch()}
        variant="browse"
        emptyText="No students found."
      />
      {students.data && <Pagination paged={students.data} onPageChange={(page) => setFilter({ ...filter, page })} label="Students pages" />}
    </div>
  )
}
