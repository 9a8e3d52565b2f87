import { useState } from 'react'
import { useStudents } from '../api/get-students'
import { SkillsFilter } from '../components/skills-filter'
import { StudentsGrid } from '../components/students-grid'

/** /startup/browse-students: skills filter with Filter, cards with View Profile and View Resume. */
export function BrowseStudentsPage() {
  const [skills, setSkills] = useState('')
  const students = useStudents(skills)
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Browse Students · Bridgework</title>
      <h1 className="text-3xl font-bold text-slate-900">Browse Students</h1>
      <SkillsFilter initial={skills} submitLabel="Filter" onApply={setSkills} />
      <StudentsGrid
        students={students.data ?? []}
        isLoading={students.isPending}
        isError={students.isError}
        onRetry={() => void students.refetch()}
        variant="browse"
        emptyText="No students found."
      />
    </div>
  )
}
