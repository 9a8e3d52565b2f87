import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { PasswordInput } from '@/components/ui/password-input'
import { applyApiFieldErrors } from '@/lib/form'
import { changePasswordSchema, type ChangePasswordValues } from '../schemas'

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
    <Card className="p-6 sm:p-8">
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Change password" className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">Change password</h2>
        <p className="text-sm text-slate-600">Changing your password signs you out everywhere else.</p>
        <PasswordInput label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <PasswordInput label="New password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" isLoading={isSaving} loadingText="Saving...">
          Change password
        </Button>
      </form>
    </Card>
  )
}
