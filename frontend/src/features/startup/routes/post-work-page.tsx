import { ComingSoon } from '@/components/ui/coming-soon'

/** /startup/post-work. Placeholder until its issue builds the screen. */
export function PostWorkPage() {
  return <ComingSoon title="Post New Work" description="Describe the work, pick its type, category and skills, and find students." />
}
