import { ExternalLink, FileCheck2, ShieldAlert, ShieldCheck, Upload } from 'lucide-react'
import { useId, useState, type DragEvent } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Card } from '@/components/ui/card'
import { QueryError, type QueryStatus } from '@/components/ui/query-state'
import { Spinner } from '@/components/ui/spinner'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { paths } from '@/config/paths'
import { formatDate } from '@/lib/tasks/status'
import type { CredentialVerification } from '../api/verify-credential'

/** What a verified credential states: who signed it (the deployment's DID), for whom, and the approved work. */
function CredentialFacts({ result, verifiedDomain }: { result: CredentialVerification; verifiedDomain?: string }) {
  const evidence = result.evidence.filter((e) => e.id)
  return (
    <dl className="grid gap-3 text-sm">
      <div>
        <dt className="text-slate-500">Signed by</dt>
        <dd className="font-medium text-slate-800">
          {result.issuer?.name} · <span className="break-all font-mono text-xs">{result.issuer?.id}</span>
          {result.proof && <span className="text-slate-500"> · {formatDate(result.proof.created)}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Issued for</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-800">
          {result.achievement?.creator.name}
          {verifiedDomain && <VerifiedBadge domain={verifiedDomain} />}
        </dd>
        {!verifiedDomain && result.achievement?.creator.description && <dd className="text-slate-500">{result.achievement.creator.description}</dd>}
      </div>
      <div>
        <dt className="text-slate-500">Achievement</dt>
        <dd className="font-medium text-slate-800">
          {result.subject?.name} completed {result.achievement?.name}
        </dd>
      </div>
      {evidence.map((e) => (
        <div key={e.id}>
          <dt className="text-slate-500">Evidence</dt>
          <dd>
            <a
              href={e.id}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 break-all text-indigo-700 hover:underline"
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              {e.name}
            </a>
            {e.narrative && <p className="mt-1 whitespace-pre-line text-slate-600">“{e.narrative}”</p>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function Outcome({ result, verifiedDomain }: { result: CredentialVerification; verifiedDomain?: string }) {
  if (!result.verified) {
    return (
      <div role="status" className="flex items-start gap-2 text-red-700">
        <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Signature not verified</p>
          <p className="text-sm text-red-600">{result.errors[0]}</p>
        </div>
      </div>
    )
  }
  return (
    <div className="space-y-3">
      <div role="status" className="flex items-center gap-2 text-emerald-700">
        <ShieldCheck className="size-5" aria-hidden="true" />
        <p className="font-semibold">Signature verified</p>
      </div>
      <CredentialFacts result={result} verifiedDomain={verifiedDomain} />
    </div>
  )
}

type CredentialSignatureProps = {
  check: QueryStatus<CredentialVerification>
  /** The startup's verified domain as it stands now ("" when it is not verified). */
  verifiedDomain: string
  credentialHref: string
}

/** The certificate's signed credential (Open Badges 3.0), checked as anyone could check it. */
export function CredentialSignature({ check, verifiedDomain, credentialHref }: CredentialSignatureProps) {
  return (
    <Card role="region" aria-label="Signed credential" className="space-y-3 p-6">
      <h2 className="font-semibold text-slate-900">Signed credential</h2>
      {check.isPending ? (
        <Spinner label="Checking the signature" />
      ) : check.isError || !check.data ? (
        <QueryError onRetry={check.refetch} isRetrying={check.isRefetching}>
          The credential could not be checked.
        </QueryError>
      ) : (
        <Outcome result={check.data} verifiedDomain={verifiedDomain} />
      )}
      <p className="text-xs text-slate-500">
        An Open Badges 3.0 credential anyone can verify without Bridgework.{' '}
        <a href={credentialHref} className="text-indigo-700 underline hover:no-underline">
          Download it
        </a>
      </p>
    </Card>
  )
}

type VerifyFileProps = {
  onFile: (file: File) => void
  isPending: boolean
  result?: CredentialVerification
  /** The server's reason for refusing the file (it holds no credential). */
  error?: string
}

/** "Verify a file": drop or choose a credential (JSON), a badge (PNG) or a certificate PDF. */
export function VerifyFile({ onFile, isPending, result, error }: VerifyFileProps) {
  const inputId = useId()
  const [dragging, setDragging] = useState(false)
  const [name, setName] = useState('')
  const take = (file: File | undefined) => {
    if (!file) return
    setName(file.name)
    onFile(file)
  }
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    setDragging(false)
    take(event.dataTransfer.files[0])
  }
  return (
    <Card role="region" aria-label="Verify a file" className="space-y-3 p-6">
      <h2 className="font-semibold text-slate-900">Verify a file</h2>
      <label
        htmlFor={inputId}
        data-testid="credential-drop-zone"
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm text-slate-600 ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300'}`}
      >
        <Upload className="size-6 text-indigo-600" aria-hidden="true" />
        Drop a credential, badge or certificate PDF here, or choose one
        <input
          id={inputId}
          type="file"
          accept=".json,application/json,application/vc,image/png,application/pdf"
          className="sr-only"
          aria-label="Choose a credential, badge or certificate PDF"
          onChange={(event) => take(event.target.files?.[0])}
        />
      </label>
      {isPending && <Spinner label="Verifying the file" />}
      {!isPending && error && <Alert tone="error">{error}</Alert>}
      {!isPending && result && (
        <div className="space-y-3">
          {name && (
            <p className="flex items-center gap-1 text-xs text-slate-500">
              <FileCheck2 className="size-4" aria-hidden="true" />
              {name}
            </p>
          )}
          <Outcome result={result} />
          {result.verified && result.certificateNumber && (
            <Link to={paths.verifyCertificate(result.certificateNumber)} className="text-sm text-indigo-700 hover:underline">
              Certificate {result.certificateNumber}
            </Link>
          )}
        </div>
      )}
    </Card>
  )
}
