import { Settings } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import { StartupProfileSection } from './startup-profile-section'
import { StudentProfileSection } from './student-profile-section'

/**
 * /profile: the student form or the shorter startup form (spec §2): what others see. The
 * account's settings (password, devices, sign-ins, email) are on /settings, linked from here.
 */
export function ProfilePage() {
  const user = useCurrentUser()
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <title>Profile · Bridgework</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Profile</h1>
        <Link to={paths.settings} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Settings className="size-4" aria-hidden="true" />
          Password, devices and email: Settings
        </Link>
      </div>
      {user?.userType === 'student' && <StudentProfileSection user={user} />}
      {user?.userType === 'startup' && <StartupProfileSection user={user} />}
      {user?.userType === 'admin' && (
        <Card className="p-6">
          <p className="text-slate-600">The admin account has no public profile; its password is set in the server's configuration.</p>
        </Card>
      )}
    </div>
  )
}
