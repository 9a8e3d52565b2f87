import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useChangePassword } from '../api/change-password'
import { useDeleteSavedSearch } from '../api/delete-saved-search'
import { useNotificationSettings } from '../api/get-notification-settings'
import { useSavedSearches } from '../api/get-saved-searches'
import { useUpdateNotificationSettings } from '../api/update-notification-settings'
import { ChangePasswordForm } from '../components/change-password-form'
import { EmailSettingsSection } from '../components/email-settings-section'
import { SavedSearchesSection } from '../components/saved-searches-section'
import { SettingsNav } from '../components/settings-nav'
import { EMAIL_SETTINGS_SAVED, PASSWORD_CHANGED, SAVED_SEARCH_DELETED, SETTINGS_SECTIONS } from '../schemas'
import { DevicesSection, SignInLogSection } from './security-section'

/**
 * /settings (any signed-in account): the one place for the account's settings. Password, the
 * devices signed in, the sign-in log, email choices and a student's saved searches; Profile and
 * the account menu link here.
 */
export function SettingsPage() {
  const user = useCurrentUser()
  const student = user?.userType === 'student'
  const sections = ['password', 'devices', 'signIns', 'email', ...(student ? (['savedSearches'] as const) : [])] as const
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <title>Settings · Bridgework</title>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-slate-600">
          Your account in one place. What others see of you is on your{' '}
          <Link to={paths.profile} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Profile
          </Link>
          .
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[12rem_1fr] md:items-start">
        <SettingsNav sections={[...sections]} />
        <div className="min-w-0 space-y-6">
          {user?.userType === 'admin' ? <AdminPassword /> : <ChangePassword />}
          <DevicesSection />
          <SignInLogSection />
          <EmailSettings showTaskAlerts={student} />
          {student && <SavedSearches />}
        </div>
      </div>
    </div>
  )
}

function ChangePassword() {
  const change = useChangePassword({
    onSuccess: () => notify.success(PASSWORD_CHANGED),
    onError: (error) => notify.error(errorMessage(error, 'Failed to change password')),
  })
  return (
    <ChangePasswordForm onSubmit={(values) => change.mutate(values)} isSaving={change.isPending} isDone={change.isSuccess} error={change.error} />
  )
}

/** The admin's password is not changed here: it is the server's configuration. */
function AdminPassword() {
  return (
    <Card className="p-4 sm:p-6">
      <section id={SETTINGS_SECTIONS.password.id} aria-labelledby="password-heading" className="scroll-mt-24 space-y-2">
        <h2 id="password-heading" className="text-xl font-semibold text-slate-900">
          {SETTINGS_SECTIONS.password.title}
        </h2>
        <p className="text-sm text-slate-600">The admin account's password is set in the server's configuration.</p>
      </section>
    </Card>
  )
}

function SavedSearches() {
  const searches = useSavedSearches()
  const remove = useDeleteSavedSearch({
    onSuccess: () => notify.success(SAVED_SEARCH_DELETED),
    onError: (error) => notify.error(errorMessage(error, 'Could not delete the saved search.')),
  })
  return (
    <SavedSearchesSection
      searches={searches}
      onDelete={(saved) => remove.mutate(saved._id)}
      deletingId={remove.isPending ? remove.variables : undefined}
    />
  )
}

function EmailSettings({ showTaskAlerts }: { showTaskAlerts: boolean }) {
  const settings = useNotificationSettings()
  const update = useUpdateNotificationSettings({
    onSuccess: () => notify.success(EMAIL_SETTINGS_SAVED),
    onError: (error) => notify.error(errorMessage(error, 'Could not save your email settings.')),
  })
  return (
    <EmailSettingsSection
      settings={settings}
      showTaskAlerts={showTaskAlerts}
      onSave={(values) => update.mutate(values)}
      isSaving={update.isPending}
      error={update.error}
    />
  )
}
