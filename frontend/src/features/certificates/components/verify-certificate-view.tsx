import { ShieldAlert, ShieldCheck } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { labelOf } from '@/lib/tasks/constants'
import { formatDate } from '@/lib/tasks/status'
import type { Certificate } from '../api/types'
import type { Verification } from '../api/verify-certificate'
import { credentialPath, type CredentialVerification } from '../api/verify-credential'
import { CredentialSignature, VerifyFile } from './credential-verification'

type VerifyCertificateViewProps = {
  number: string
  verification: QueryStatus<Verification>
  /** The certificate's own signed credential, verified (only once it is known to be genuine). */
  credential: QueryStatus<CredentialVerification>
  fileCheck: { onFile: (file: File) => void; isPending: boolean; result?: CredentialVerification; error?: string }
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/**
 * Who issued the certificate and what they are worth: "Issued by Nimbus Labs · nimbus.io
 * verified" (or "· issuer not verified"), and how long they have been on Bridgework.
 */
function IssuerLine({ startup }: { startup: Certificate['startup'] }) {
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>
          Issued by <strong>{startup.companyName}</strong> ·
        </span>{' '}
        {startup.verifiedDomain ? (
          <VerifiedBadge domain={startup.verifiedDomain} />
        ) : (
          <span className="inline-flex items-center gap-1 text-amber-800">
            <ShieldAlert className="size-4" aria-hidden="true" />
            issuer not verified
          </span>
        )}
      </p>
      {startup.since && <p className="text-slate-500">On Bridgework since {monthYear.format(new Date(startup.since))}</p>}
    </div>
  )
}

/**
 * /verify/{number}: whether the certificate is genuine and what it certifies, the check of its
 * signed credential, and "Verify a file" for any credential, badge or certificate PDF (public).
 */
export function VerifyCertificateView({ number, verification, credential, fileCheck }: VerifyCertificateViewProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
      <title>Verify a certificate · Bridgework</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Certificate verification</h1>
      <p className="mt-1 break-all font-mono text-sm text-slate-500">{number}</p>
      <div className="mt-6">
        <QueryState
          query={verification}
          loadingLabel="Checking the certificate"
          error="The certificate could not be checked. Please try again later."
        >
          {(result) =>
            result.valid ? (
              <div className="space-y-6">
                <Genuine certificate={result.certificate} />
                <CredentialSignature
                  check={credential}
                  verifiedDomain={result.certificate.startup.verifiedDomain}
                  credentialHref={credentialPath(result.certificate.certificateNumber)}
                />
              </div>
            ) : (
              <NotGenuine />
            )
          }
        </QueryState>
      </div>
      <div className="mt-6">
        <VerifyFile {...fileCheck} />
      </div>
    </div>
  )
}

/** What a genuine certificate certifies, and who issued it. */
function Genuine({ certificate }: { certificate: Certificate }) {
  return (
    <Card className="space-y-4 border-emerald-200 p-6">
      <div role="status" className="flex items-center gap-3 text-emerald-700">
        <ShieldCheck className="size-8" aria-hidden="true" />
        <p className="text-xl font-semibold">Genuine certificate</p>
      </div>
      <p className="text-slate-700">
        Bridgework certifies that <strong>{certificate.studentName}</strong> completed <strong>{certificate.metadata.taskTitle}</strong> for{' '}
        <strong>{certificate.startup.companyName}</strong>.
      </p>
      <IssuerLine startup={certificate.startup} />
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {certificate.metadata.taskPostedAt && (
          <div>
            <dt className="text-slate-500">Task posted</dt>
            <dd className="font-medium text-slate-800">{formatDate(certificate.metadata.taskPostedAt)}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-500">Completed</dt>
          <dd className="font-medium text-slate-800">{formatDate(certificate.metadata.completionDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Category</dt>
          <dd className="font-medium text-slate-800">{labelOf(certificate.metadata.taskCategory)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-500">Skills</dt>
          <dd className="font-medium text-slate-800">{certificate.skills.join(', ') || '—'}</dd>
        </div>
      </dl>
    </Card>
  )
}

/** The answer for a number no certificate has. */
function NotGenuine() {
  return (
    <Card className="flex items-center gap-3 border-red-200 p-6 text-red-700">
      <ShieldAlert className="size-8" aria-hidden="true" />
      <div role="status">
        <p className="text-xl font-semibold">Not a genuine certificate</p>
        <p className="text-sm text-red-600">No Bridgework certificate has this number.</p>
      </div>
    </Card>
  )
}
