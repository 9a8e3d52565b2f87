import { errorMessage } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useDeleteSavedSearch } from '../api/delete-saved-search'
import { useNotificationSettings } from '../api/get-notification-settings'
import { useSavedSearches } from '../api/get-saved-searches'
import { useUpdateNotificationSettings } from '../api/update-notification-settings'
import { EmailSettingsSection } from '../components/email-settings-section'
import { SavedSearchesSection } from '../components/saved-searches-section'
import { EMAIL_SETTINGS_SAVED, SAVED_SEARCH_DELETED } from '../schemas'

/** /settings (any signed-in account): a student's saved searches, and everyone's email choices. */
export function SettingsPage() {
  const user = useCurrentUser()
  const student = user?.userType === 'student'
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <title>Settings · Bridgework</title>
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      {student && <SavedSearches />}
      <EmailSettings showTaskAlerts={student} />
    </div>
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
