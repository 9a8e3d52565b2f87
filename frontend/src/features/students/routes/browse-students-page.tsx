import { StudentsDirectory } from '../components/students-directory'
import { BROWSE_STUDENTS_WORDS } from '../words'

/** /startup/browse-students: the student directory, as the spec names it here. */
export function BrowseStudentsPage() {
  return <StudentsDirectory words={BROWSE_STUDENTS_WORDS} />
}
