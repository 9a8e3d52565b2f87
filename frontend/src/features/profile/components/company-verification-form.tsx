import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { applyApiFieldErrors } from '@/lib/form'
import { companyVerificationSchema, siteDomain, type CompanyVerificationValues } from '../schemas'

export type CompanyVerificationFormProps = {
  website: string
  verifiedDomain: string
  onSubmit: (values: CompanyVerificationValues) => void
  isSending: boolean
  /** The server's answer once the link is on its way. */
  sentMessage?: string
  error?: unknown
}

/**
 * "Verify your company": a link mailed to a work address at the website's domain proves the
 * startup is the company it names, so its certificates say "nimbus.io verified".
 */
export function CompanyVerificationForm({ website, verifiedDomain, onSubmit, isSending, sentMessage, error }: CompanyVerificationFormProps) {
  const domain = siteDomain(website)
  const schema = useMemo(() => companyVerificationSchema(domain), [domain])
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CompanyVerificationValues>({ resolver: zodResolver(schema), defaultValues: { email: '' } })

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['email'])
  }, [error, setError])

  return (
    <Card className="p-6 sm:p-8">
      <section aria-labelledby="verify-company-heading" className="space-y-4">
        <h2 id="verify-company-heading" className="text-lg font-semibold text-slate-900">
          Verify your company
        </h2>
        {verifiedDomain && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <VerifiedBadge domain={verifiedDomain} />
            Your certificates and tasks show this. Moving your website to another domain drops it.
          </p>
        )}
        {!domain ? (
          <p className="text-sm text-slate-600">
            Add your company's website to your profile first (Edit Profile): the link goes to an address at its domain.
          </p>
        ) : (
          !verifiedDomain && (
            <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Verify your company" className="space-y-4">
              <p className="text-sm text-slate-600">
                We email a link to an address at {domain}. Opening it while signed in here shows "{domain} verified" on your certificates, tasks and
                profile.
              </p>
              <Input
                label="Work email"
                type="email"
                autoComplete="email"
                placeholder={`you@${domain}`}
                error={errors.email?.message}
                {...register('email')}
              />
              <Button type="submit" isLoading={isSending} loadingText="Sending...">
                Send verification link
              </Button>
              {sentMessage && <Alert tone="success">{sentMessage}</Alert>}
            </form>
          )
        )}
      </section>
    </Card>
  )
}
