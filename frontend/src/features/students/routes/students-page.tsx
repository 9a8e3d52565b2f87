import { StudentsDirectory } from '../components/students-directory'
import { STUDENTS_WORDS } from '../words'

/** /startup/students: the same student directory as Browse Students, under the spec's name. */
export function StudentsPage() {
  return <StudentsDirectory words={STUDENTS_WORDS} />
}
