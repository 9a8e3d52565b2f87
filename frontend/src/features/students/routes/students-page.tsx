import { StudentsDirectory } from '../components/students-directory'

/** /startup/students: the same student directory as Browse Students, under the spec's name. */
export function StudentsPage() {
  return <StudentsDirectory title="Students" submitLabel="Apply" />
}
