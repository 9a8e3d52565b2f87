import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/students. Placeholder until its issue builds the screen. */
export function StudentsPage() {
  return <ComingSoon title="Students" description="Search students by name, email or skill." />
}
