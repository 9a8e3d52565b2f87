import { StudentsDirectory } from '../components/students-directory'

/** /startup/browse-students: the student directory, as the spec names it here. */
export function BrowseStudentsPage() {
  return <StudentsDirectory title="Browse Students" submitLabel="Filter" />
}
