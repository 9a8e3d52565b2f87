import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { hasCharactersNoUrlHolds } from '@/lib/files'
import { applyApiFieldErrors } from '@/lib/form'

export const LINK_REQUIRED = 'Link is required'
export const LINK_INVALID = 'Please enter a valid URL starting with http:// or https://'
export const LINK_NOT_PUBLIC = 'Use a public link: the startup cannot open localhost, private-network or IP addresses'

function parseUrl(value: string): URL | null {
  if (hasCharactersNoUrlHolds(value)) return null
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && !url.username && !url.password ? url : null
  } catch {
    return null
  }
}

/** Names only a local or private network resolves (the server's list, backend/weblink PublicHost). */
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.corp', '.intranet', '.test', '.invalid', '.alt']

/**
 * Whether anyone on the internet could open a link to host: not an IP address, not localhost,
 * not a single-label intranet name, not a name reserved for private networks, made of DNS labels
 * (letters, digits, "-", "_"), and not ending in a number, which browsers read as an IPv4 address.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (!host.includes('.') || PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) return false
  const labels = host.split('.')
  const last = labels[labels.length - 1]
  return labels.every((label) => /^[a-z0-9_-]+$/.test(label)) && !/^[0-9]+$/.test(last) && !last.startsWith('0x')
}

/**
 * Spec §5: the link is not blank and is a URL (http or https, with nothing RFC 3986 forbids, as
 * the server requires), on a public host the startup can open (the server refuses the others with
 * the same messages).
 */
export const linkSchema = z.object({
  link: z
    .string()
    .trim()
    .min(1, LINK_REQUIRED)
    .refine((value) => parseUrl(value) !== null, LINK_INVALID)
    .refine((value) => {
      const url = parseUrl(value)
      return url === null || isPublicHost(url.hostname)
    }, LINK_NOT_PUBLIC),
})

type LinkSubmitFormProps = {
  taskTitle: string
  onSubmit: (link: string) => void
  isSubmitting: boolean
  error?: unknown
  /**
   * The link already submitted (a resubmission before review replaces it): the form then stays
   * folded behind an explicit "Update link" button, so nothing is replaced by accident.
   */
  defaultLink?: string
  /** Clears the input after a successful submission. */
  submittedAt?: number
  /** The button's text: Submit Task, or "Submit revision 2" after changes were requested. */
  submitLabel?: string
  /** Focuses the link input as the form appears (a link to the revision form opened the page). */
  focusOnOpen?: boolean
}

/**
 * A link input and Submit Task; the button is disabled while the input is empty or sending. With
 * a link already submitted it shows "Update link" first, and folds again once the new one is in.
 */
export function LinkSubmitForm({ defaultLink = '', submittedAt, ...props }: LinkSubmitFormProps) {
  const [updating, setUpdating] = useState(false)
  const [foldedAt, setFoldedAt] = useState(submittedAt)
  if (submittedAt !== foldedAt) {
    setFoldedAt(submittedAt)
    setUpdating(false)
  }
  if (!defaultLink) return <LinkForm {...props} submittedAt={submittedAt} />
  if (!updating) {
    return (
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => setUpdating(true)} aria-label={`Update link for ${props.taskTitle}`}>
          Update link
        </Button>
      </div>
    )
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">Your new link replaces the one you sent.</p>
      <LinkForm {...props} defaultLink={defaultLink} submitLabel="Update link" onCancel={() => setUpdating(false)} />
    </div>
  )
}

type LinkFormProps = Omit<LinkSubmitFormProps, 'defaultLink'> & { defaultLink?: string; onCancel?: () => void }

function LinkForm({
  taskTitle,
  onSubmit,
  isSubmitting,
  error,
  defaultLink = '',
  submittedAt,
  submitLabel = 'Submit Task',
  onCancel,
  focusOnOpen,
}: LinkFormProps) {
  const { register, handleSubmit, setError, setFocus, control, reset, formState } = useForm<{ link: string }>({
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
  useEffect(() => {
    if (focusOnOpen) setFocus('link')
  }, [focusOnOpen, setFocus])

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
      {onCancel && (
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </form>
  )
}
