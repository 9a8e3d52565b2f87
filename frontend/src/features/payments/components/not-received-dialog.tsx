import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextareaField } from '@/components/ui/textarea-field'
import { errorMessage, isApiError } from '@/lib/api-client'
import { applyApiFieldErrors } from '@/lib/form'
import type { Payment } from '@/lib/payments/types'
import { formatMinor } from '@/lib/tasks/pay'
import { NOTE_MAX, notReceivedSchema, type NotReceivedValues } from '../schemas'

type NotReceivedDialogProps = {
  payment: Payment
  onSubmit: (values: NotReceivedValues) => void
  onClose: () => void
  isSaving: boolean
  error?: unknown
}

/**
 * The student says a payment marked sent has not arrived, with a note the startup reads; the
 * dispute shows on the startup's payment record until the student confirms it.
 */
export function NotReceivedDialog({ payment, onSubmit, onClose, isSaving, error }: NotReceivedDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NotReceivedValues>({ resolver: zodResolver(notReceivedSchema), defaultValues: { note: '' } })
  useEffect(() => {
    applyApiFieldErrors(error, setError, ['note'])
  }, [error, setError])
  const onField = isApiError(error) && Boolean(error.fields.note)
  return (
    <Dialog
      title="Not received"
      description={`${payment.startup.companyName} marked ${formatMinor(payment.amount, payment.currency)} for "${payment.task.title}" as sent. Tell them what is wrong.`}
      onClose={onClose}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Not received" className="space-y-4">
        <TextareaField
          label="What is wrong"
          required
          maxLength={NOTE_MAX}
          hint={`The startup sees this note. At most ${NOTE_MAX} characters.`}
          error={errors.note?.message}
          {...register('note')}
        />
        {Boolean(error) && !onField && <Alert tone="error">{errorMessage(error, 'Failed to report the payment')}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={isSaving} loadingText="Sending...">
            Report not received
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
