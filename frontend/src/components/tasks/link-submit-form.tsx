import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { applyApiFieldErrors } from '@/lib/form'

export const LINK_REQUIRED = 'Link is required'
export const LINK_INVALID = 'Please enter a valid URL starting with http:// or https://'

/** Spec §5: the link is not blank and is a URL (http or https, as the server requires). */
export const linkSchema = z.object({
  link: z
    .string()
    .trim()
    .min(1, LINK_REQUIRED)
    .refine((value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
      } catch {
        return false
      }
    }, LINK_INVALID),
})

type LinkSubmitFormProps = {
  taskTitle: string
  onSubmit: (link: string) => void
  isSubmitting: boolean
  error?: unknown
  /** The link already submitted (a resubmission before review replaces it). */
  defaultLink?: string
  /** Clears the input after a successful submission. */
  submittedAt?: number
  /** The button's text: Submit Task, or "Submit revision 2" after changes were requested. */
  submitLabel?: string
}

/** A link input and Submit Task; the button is disabled while the input is empty or sending. */
export function LinkSubmitForm({ taskTitle, onSubmit, isSubmitting, error, defaultLink = '', submittedAt, submitLabel = 'Submit Task' }: LinkSubmitFormProps) {
  const { register, handleSubmit, setError, control, reset, formState } = useForm<{ link: string }>({
    resolver: zodResolver(linkSchema),
    defaultValues: { link: defaultLink },
  })
  const link = useWatch({ control, name: 'link' })
  useEffect(() => {
    applyApiFieldErrors(error, setError, ['link'])
  }, [error, setError])
  useEffect(() => {
    if (submittedAt) reset({ link: '' })
  }, [submittedAt, reset])

  return (
    <form
      noValidate
      aria-label={`Submit your work for ${taskTitle}`}
      onSubmit={handleSubmit((values) => onSubmit(values.link.trim()))}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <Input
        label={`Link to your work for ${taskTitle}`}
        hideLabel
        type="url"
        inputMode="url"
        placeholder="https://github.com/you/your-work"
        containerClassName="flex-1"
        error={formState.errors.link?.message}
        {...register('link')}
      />
      <Button type="submit" disabled={!link?.trim()} isLoading={isSubmitting} loadingText="Submitting...">
        {submitLabel}
      </Button>
    </form>
  )
}
