import { ComingSoon } from '@/components/ui/coming-soon'

/** /student/dashboard and /dashboard for students. Placeholder until its issue builds the screen. */
export function StudentDashboardPage() {
  return <ComingSoon title="Student dashboard" description="Your active tasks, available tasks, certificates and startups to connect with." />
}
