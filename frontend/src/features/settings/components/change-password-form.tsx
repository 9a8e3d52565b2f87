import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PasswordInput } from '@/components/ui/password-input'
import { applyApiFieldErrors } from '@/lib/form'
import { changePasswordSchema, SETTINGS_SECTIONS, type ChangePasswordValues } from '../schemas'

export type ChangePasswordFormProps = {
  onSubmit: (values: ChangePasswordValues) => void
  isSaving: boolean
  isDone: boolean
  error?: unknown
}

const empty: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** Change password for real (the spec's original only toasted "not implemented"). */
export function ChangePasswordForm({ onSubmit, isSaving, isDone, error }: ChangePasswordFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: empty })

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['currentPassword', 'newPassword', 'confirmPassword'])
  }, [error, setError])

  useEffect(() => {
    if (isDone) reset(empty)
  }, [isDone, reset])

  return (
    <Card className="p-4 sm:p-6">
      <section id={SETTINGS_SECTIONS.password.id} aria-labelledby="password-heading" className="scroll-mt-24 space-y-4">
        <div>
          <h2 id="password-heading" className="text-xl font-semibold text-slate-900">
            {SETTINGS_SECTIONS.password.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">Changing your password signs you out everywhere else.</p>
        </div>
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Change password" className="max-w-md space-y-4">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordInput label="New password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" isLoading={isSaving} loadingText="Saving...">
            Change password
          </Button>
        </form>
      </section>
    </Card>
  )
}
