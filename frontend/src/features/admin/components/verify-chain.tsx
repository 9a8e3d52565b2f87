import { ShieldCheck } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import type { AuditReport } from '../api/get-audit'

/** What a verification found, in words. */
export function verifyReportText(report: AuditReport): string {
  if (report.intact) {
    const head = report.head ? `, head ${report.head.slice(0, 12)}…` : ''
    return `Intact: ${report.checked} ${report.checked === 1 ? 'entry' : 'entries'} checked${head}`
  }
  return `Broken at entry #${report.brokenAt}: ${report.reason || 'the chain does not link'}`
}

type VerifyChainProps = {
  onVerify: () => void
  isVerifying: boolean
  report?: AuditReport
  error: unknown
}

/** The Verify chain button and what the last run found. */
export function VerifyChain({ onVerify, isVerifying, report, error }: VerifyChainProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Button variant="outline" onClick={onVerify} isLoading={isVerifying} className="shrink-0">
        <ShieldCheck className="size-4" aria-hidden="true" /> Verify chain
      </Button>
      {!isVerifying && report && (
        <Alert tone={report.intact ? 'success' : 'error'} className="min-w-0 flex-1 break-all">
          {verifyReportText(report)}
        </Alert>
      )}
      {!isVerifying && error != null && (
        <Alert tone="error" className="flex-1">
          {errorMessage(error, 'Could not verify the audit trail.')}
        </Alert>
      )}
    </div>
  )
}
