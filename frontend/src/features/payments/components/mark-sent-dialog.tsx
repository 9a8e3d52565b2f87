import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { SelectField } from '@/components/ui/select-field'
import { errorMessage, isApiError } from '@/lib/api-client'
import { applyApiFieldErrors } from '@/lib/form'
import type { Payment } from '@/lib/payments/types'
import { PAYMENT_METHODS } from '@/lib/payments/words'
import { formatMinor } from '@/lib/tasks/pay'
import { markSentDefaults, markSentSchema, REFERENCE_MAX, type MarkSentFields, type MarkSentValues } from '../schemas'

const methods = [{ value: '', label: 'Choose how you paid' }, ...PAYMENT_METHODS]

type MarkSentDialogProps = {
  payment: Payment
  onSubmit: (values: MarkSentValues) => void
  onClose: () => void
  isSaving: boolean
  error?: unknown
}

/** The startup says it paid the student: how, and the transfer's reference for both to find it. */
export function MarkSentDialog({ payment, onSubmit, onClose, isSaving, error }: MarkSentDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MarkSentFields, unknown, MarkSentValues>({ resolver: zodResolver(markSentSchema), defaultValues: markSentDefaults })
  useEffect(() => {
    applyApiFieldErrors(error, setError, ['method', 'reference'])
  }, [error, setError])
  const onField = isApiError(error) && Boolean(error.fields.method || error.fields.reference)
  const student = `${payment.student.firstName} ${payment.student.lastName}`.trim()
  return (
    <Dialog
      title="Mark as sent"
      description={`You paid ${student} ${formatMinor(payment.amount, payment.currency)} for "${payment.task.title}". They are asked to confirm it arrived.`}
      onClose={onClose}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Mark as sent" className="space-y-4">
        <SelectField label="How you paid" options={methods} error={errors.method?.message} {...register('method')} />
        <Input
          label="Reference (optional)"
          maxLength={REFERENCE_MAX}
          autoComplete="off"
          hint="The transfer's reference or transaction id, so the student can find it."
          error={errors.reference?.message}
          {...register('reference')}
        />
        {Boolean(error) && !onField && <Alert tone="error">{errorMessage(error, 'Failed to mark the payment as sent')}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving} loadingText="Saving...">
            Mark as sent
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
