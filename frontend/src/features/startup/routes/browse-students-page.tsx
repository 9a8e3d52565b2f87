import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/browse-students. Placeholder until its issue builds the screen. */
export function BrowseStudentsPage() {
  return <ComingSoon title="Browse Students" description="Filter student profiles by skills." />
}
