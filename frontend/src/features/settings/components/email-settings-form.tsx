import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/select-field'
import { applyApiFieldErrors } from '@/lib/form'
import { EMAIL_FREQUENCIES, type NotificationSettings } from '../api/types'
import { emailSettingsSchema, FREQUENCY_LABELS, type EmailSettingsValues } from '../schemas'

const options = EMAIL_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))

type EmailSettingsFormProps = {
  settings: NotificationSettings
  /** Task alerts come from saved searches, which only students keep. */
  showTaskAlerts: boolean
  onSubmit: (values: EmailSettingsValues) => void
  isSaving: boolean
  error?: unknown
}

/**
 * How often each kind of email comes. The PUT always carries every field, so an account
 * without task alerts sends back the value it was given.
 */
export function EmailSettingsForm({ settings, showTaskAlerts, onSubmit, isSaving, error }: EmailSettingsFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailSettingsValues>({ resolver: zodResolver(emailSettingsSchema), values: settings })

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['messages', 'submissions', 'payments', 'invitations', 'taskAlerts'])
  }, [error, setError])

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Email notifications" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label="Messages" options={options} error={errors.messages?.message} {...register('messages')} />
        <SelectField label="Submission updates" options={options} error={errors.submissions?.message} {...register('submissions')} />
        <SelectField label="Payments" options={options} error={errors.payments?.message} {...register('payments')} />
        {/* Students are invited to tasks; startups hear their invitations' answers. */}
        <SelectField label="Invitations" options={options} error={errors.invitations?.message} {...register('invitations')} />
        {showTaskAlerts && <SelectField label="Task alerts" options={options} error={errors.taskAlerts?.message} {...register('taskAlerts')} />}
      </div>
      <Button type="submit" isLoading={isSaving} loadingText="Saving...">
        Save email settings
      </Button>
    </form>
  )
}
