import { zodResolver } from '@hookform/resolvers/zod'
import { LifeBuoy, Mail } from 'lucide-react'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { SelectField } from '@/components/ui/select-field'
import { TextareaField } from '@/components/ui/textarea-field'
import { HELP_MESSAGE_MAX, HELP_TOPICS } from '@/config/help-topics'
import { HELP_EMAIL, SUPPORT_EMAIL } from '@/config/paths'
import { applyApiFieldErrors } from '@/lib/form'
import { HELP_FAILURE, HELP_SUCCESS, helpFormSchema, type HelpFormValues } from '../schemas'

export type HelpPageViewProps = {
  onSubmit: (values: HelpFormValues) => void
  isSubmitting: boolean
  /** `success` after the request was accepted, `error` after it failed. */
  status: 'idle' | 'success' | 'error'
  error?: unknown
}

export function HelpPageView({ onSubmit, isSubmitting, status, error }: HelpPageViewProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<HelpFormValues>({
    resolver: zodResolver(helpFormSchema),
    defaultValues: { phone: '', email: '', topic: '', message: '' },
  })
  const messageLength = useWatch({ control, name: 'message' }).trim().length

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['phone', 'email', 'topic', 'message'])
  }, [error, setError])

  useEffect(() => {
    if (status === 'success') reset()
  }, [status, reset])

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
      <title>Help Center · Bridgework</title>
      <div className="grid gap-10 md:grid-cols-2 md:items-start">
        <div className="space-y-4">
          <LifeBuoy className="size-10 text-indigo-600" aria-hidden="true" />
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Help Center</h1>
          <p className="text-slate-600">
            Stuck on something? Tell us what it is about and what is wrong, leave your phone number and email, and our team will get back to you.
          </p>
          <ul className="space-y-2 text-sm text-slate-600">
            {[SUPPORT_EMAIL, HELP_EMAIL].map((address) => (
              <li key={address}>
                <a
                  href={`mailto:${address}`}
                  className="inline-flex items-center gap-2 rounded text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <Mail className="size-4" aria-hidden="true" />
                  {address}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <Card className="p-6 sm:p-8">
          <h2 className="text-lg font-semibold text-slate-900">Request a call back</h2>
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-4" aria-label="Help request">
            <div aria-live="polite">
              {status === 'success' && <Alert tone="success">{HELP_SUCCESS}</Alert>}
              {status === 'error' && <Alert tone="error">{HELP_FAILURE}</Alert>}
            </div>
            <SelectField
              label="Topic"
              required
              options={[{ value: '', label: 'Choose a topic' }, ...HELP_TOPICS]}
              error={errors.topic?.message}
              {...register('topic')}
            />
            <TextareaField
              label="Message"
              required
              rows={5}
              placeholder="What happened, and where?"
              hint={`${messageLength} of ${HELP_MESSAGE_MAX} characters`}
              error={errors.message?.message}
              {...register('message')}
            />
            <Input
              label="Phone number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+1 555 123 4567"
              required
              error={errors.phone?.message}
              {...register('phone')}
            />
            <Input
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" className="w-full" isLoading={isSubmitting} loadingText="Submitting...">
              Submit
            </Button>
          </form>
        </Card>
      </div>
    </div>
  )
}
