import { ComingSoon } from '@/components/ui/coming-soon'

/** /profile. Placeholder until its issue builds the screen. */
export function ProfilePage() {
  return <ComingSoon title="Profile" description="Your profile: skills, experience, projects and resume, or your company details." />
}
