import { MailX } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import type { UnsubscribedFrom } from '../api/types'

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.'

const what: Record<UnsubscribedFrom, string> = {
  messages: 'message emails',
  submissions: 'submission update emails',
  payments: 'payment emails',
  invitations: 'invitation emails',
  taskAlerts: 'task alert emails',
  all: 'all Bridgework emails',
}

type UnsubscribePageViewProps = {
  /** The link's token; without one the link is not valid. */
  token: string | null
  onUnsubscribe: () => void
  isSubmitting: boolean
  /** What the server turned off, once it has. */
  unsubscribed?: UnsubscribedFrom
  error?: unknown
}

/**
 * The page an email's unsubscribe link opens. Opening it changes nothing (mail scanners follow
 * links): only the button does.
 */
export function UnsubscribePageView({ token, onUnsubscribe, isSubmitting, unsubscribed, error }: UnsubscribePageViewProps) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:px-6">
      <title>Unsubscribe · Bridgework</title>
      <Card className="space-y-4 p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <MailX className="size-6 shrink-0 text-indigo-600" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">Unsubscribe from Bridgework emails?</h1>
        </div>
        {unsubscribed ? (
          <div className="space-y-3">
            <Alert tone="success">You&apos;re unsubscribed from {what[unsubscribed] ?? what.all}.</Alert>
            <Link to={paths.settings} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              Change email settings
            </Link>
          </div>
        ) : !token ? (
          <Alert tone="error">{UNSUBSCRIBE_INVALID}</Alert>
        ) : (
          <>
            <p className="text-slate-600">
              You&apos;ll stop getting the emails this link was sent with. The bell in the app keeps showing your news.
            </p>
            {Boolean(error) && <Alert tone="error">{errorMessage(error, 'Could not unsubscribe. Try again.')}</Alert>}
            <Button type="button" onClick={onUnsubscribe} isLoading={isSubmitting} loadingText="Unsubscribing...">
              Unsubscribe
            </Button>
          </>
        )}
      </Card>
    </div>
  )
}
