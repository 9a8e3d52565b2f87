import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/students/:studentId. Placeholder until its issue builds the screen. */
export function StudentProfilePage() {
  return <ComingSoon title="Student profile" description="A student's about, experience, projects, resume and past submissions." />
}
