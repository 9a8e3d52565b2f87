import { LogOut, MonitorSmartphone, ShieldAlert, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { auditTypeLabel, formatAuditTime, type AuditEntry } from '@/lib/audit'
import { cn } from '@/lib/cn'
import type { SessionInfo } from '@/lib/sessions'
import { SETTINGS_SECTIONS, SIGN_IN_LOG_INTRO } from '../schemas'

type DevicesSectionViewProps = {
  sessions: QueryStatus<SessionInfo[]>
  /** Ends one other session; `endingId` is the one being ended. */
  onEndSession: (session: SessionInfo) => void
  endingId?: string
  onSignOutEverywhere: () => void
}

/** /settings "Devices": where the user is signed in, a way to sign each other one out, and all of them. */
export function DevicesSectionView({ sessions, onEndSession, endingId, onSignOutEverywhere }: DevicesSectionViewProps) {
  return (
    <Card className="p-4 sm:p-6">
      <section id={SETTINGS_SECTIONS.devices.id} aria-labelledby="devices-heading" className="scroll-mt-24 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="devices-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <MonitorSmartphone className="size-5 text-indigo-600" aria-hidden="true" /> {SETTINGS_SECTIONS.devices.title}
          </h2>
          <Button variant="outline" size="sm" onClick={onSignOutEverywhere}>
            <LogOut className="size-4" aria-hidden="true" /> Sign out everywhere
          </Button>
        </div>
        <p className="text-sm text-slate-600">Where you're signed in. Sign out a device you no longer use or do not recognise.</p>
        <QueryState query={sessions} loadingLabel="Loading your devices" error="Could not load your devices.">
          {(list) => (
            <ul className="divide-y divide-slate-100" aria-label="Signed-in devices">
              {list.map((s) => (
                <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">
                      {s.device || 'Unknown device'} {s.current && <Badge tone="success">This device</Badge>}
                    </p>
                    <p className="text-sm text-slate-600">
                      {s.ip || 'Unknown IP'} · {s.current ? 'active now' : `last seen ${formatAuditTime(s.lastSeenAt)}`}
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onEndSession(s)}
                      isLoading={endingId === s._id}
                      aria-label={`Sign out ${s.device} (${s.ip})`}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </Card>
  )
}

/**
 * /settings "Sign-in log": the server's 20 newest sign-ins, failed sign-ins, password and session
 * changes (GET /api/me/security-events stops there), the failed ones highlighted.
 */
export function SignInLogSectionView({ events }: { events: QueryStatus<AuditEntry[]> }) {
  return (
    <Card className="p-4 sm:p-6">
      <section id={SETTINGS_SECTIONS.signIns.id} aria-labelledby="sign-ins-heading" className="scroll-mt-24 space-y-4">
        <div>
          <h2 id="sign-ins-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <ShieldCheck className="size-5 text-indigo-600" aria-hidden="true" /> {SETTINGS_SECTIONS.signIns.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{SIGN_IN_LOG_INTRO}</p>
        </div>
        <QueryState
          query={events}
          loadingLabel="Loading your sign-ins"
          error="Could not load your recent sign-ins."
          isEmpty={(list) => list.length === 0}
          empty="No sign-ins recorded yet."
        >
          {(list) => (
            <ul className="divide-y divide-slate-100" aria-label="Recent sign-ins">
              {list.map((e) => (
                <SecurityEventItem key={e.seq} event={e} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </Card>
  )
}

function SecurityEventItem({ event }: { event: AuditEntry }) {
  const failed = event.type === 'signin.failed'
  let what: ReactNode = auditTypeLabel(event.type)
  if (failed) {
    what = (
      <span className="inline-flex items-center gap-1 text-red-700">
        <ShieldAlert className="size-4" aria-hidden="true" /> Failed sign-in
      </span>
    )
  }
  return (
    <li className={cn('flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3', failed && '-mx-3 rounded-lg bg-red-50 px-3')}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{what}</p>
        {event.detail && <p className="break-words text-sm text-slate-600">{event.detail}</p>}
      </div>
      <p className="text-sm text-slate-500">
        <time dateTime={event.at}>{formatAuditTime(event.at)}</time>
        {event.ip && <span className="ml-2 font-mono text-xs">{event.ip}</span>}
      </p>
    </li>
  )
}
