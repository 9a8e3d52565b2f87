import { Card } from '@/components/ui/card'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import type { NotificationSettings } from '../api/types'
import { SETTINGS_SECTIONS, type EmailSettingsValues } from '../schemas'
import { EmailSettingsForm } from './email-settings-form'

type EmailSettingsSectionProps = {
  settings: QueryStatus<NotificationSettings>
  showTaskAlerts: boolean
  onSave: (values: EmailSettingsValues) => void
  isSaving: boolean
  error?: unknown
}

/** /settings "Email notifications" (every account): loading, error, then the form. */
export function EmailSettingsSection({ settings, showTaskAlerts, onSave, isSaving, error }: EmailSettingsSectionProps) {
  return (
    <Card className="p-4 sm:p-6">
      <section id={SETTINGS_SECTIONS.email.id} aria-labelledby="email-settings-heading" className="scroll-mt-24 space-y-4">
        <div>
          <h2 id="email-settings-heading" className="text-xl font-semibold text-slate-900">
            {SETTINGS_SECTIONS.email.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            How often Bridgework emails you about each kind of news. The bell shows everything either way.
          </p>
        </div>
        <QueryState query={settings} loadingLabel="Loading email settings" error="Could not load your email settings.">
          {(loaded) => <EmailSettingsForm settings={loaded} showTaskAlerts={showTaskAlerts} onSubmit={onSave} isSaving={isSaving} error={error} />}
        </QueryState>
      </section>
    </Card>
  )
}
