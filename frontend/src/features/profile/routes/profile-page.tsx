import { Card } from '@/components/ui/card'
import { errorMessage } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useChangePassword } from '../api/change-password'
import { ChangePasswordForm } from '../components/change-password-form'
import { PASSWORD_CHANGED } from '../schemas'
import { SecuritySection } from './security-section'
import { StartupProfileSection } from './startup-profile-section'
import { StudentProfileSection } from './student-profile-section'

/** /profile: the student form, the shorter startup form, change password (spec §2), and Security (#15). */
export function ProfilePage() {
  const user = useCurrentUser()
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <title>Profile · Bridgework</title>
      <h1 className="text-3xl font-bold text-slate-900">Profile</h1>
      {user?.userType === 'student' && <StudentProfileSection user={user} />}
      {user?.userType === 'startup' && <StartupProfileSection user={user} />}
      {user?.userType === 'admin' && (
        <Card className="p-6">
          <p className="text-slate-600">The admin account has no public profile; its password is set in the server's configuration.</p>
        </Card>
      )}
      {user && user.userType !== 'admin' && <ChangePasswordSection />}
      {user && <SecuritySection />}
    </div>
  )
}

function ChangePasswordSection() {
  const change = useChangePassword({
    onSuccess: () => notify.success(PASSWORD_CHANGED),
    onError: (error) => notify.error(errorMessage(error, 'Failed to change password')),
  })
  return <ChangePasswordForm onSubmit={(values) => change.mutate(values)} isSaving={change.isPending} isDone={change.isSuccess} error={change.error} />
}
