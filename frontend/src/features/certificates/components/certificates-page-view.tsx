import { Award, BadgeCheck, Download, ExternalLink, FileJson, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { SkillList } from '@/components/tasks/skill-list'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Pagination } from '@/components/ui/pagination'
import { QueryState, type QueryStatus } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import type { Paged } from '@/lib/api-client'
import { TASK_PAGE_SKILLS } from '@/lib/tasks/constants'
import { formatDate } from '@/lib/tasks/status'
import type { Certificate } from '../api/types'
import { badgePath, credentialPath } from '../api/verify-credential'

export type CertificatesPageViewProps =
  | {
      viewer: 'student'
      certificates: QueryStatus<Paged<Certificate>>
      downloadingId?: string
      onDownload: (c: Certificate) => void
      onPageChange: (page: number) => void
    }
  | { viewer: 'other' }

/** /certificates: a student's certificates as a card grid with downloads (spec §2). */
export function CertificatesPageView(props: CertificatesPageViewProps) {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <title>Certificates · Bridgework</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Certificates</h1>
        <p className="mt-1 text-slate-600">Every approved task earns a certificate anyone can verify.</p>
      </div>
      {props.viewer === 'other' ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-10 text-center text-slate-600 shadow-sm">
          Certificates are only available for students.
        </p>
      ) : (
        <QueryState
          query={props.certificates}
          loadingLabel="Loading certificates"
          error="Failed to load certificates"
          isEmpty={(page) => page.items.length === 0}
          empty="No certificates yet"
        >
          {(certificates) => (
            <>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {certificates.items.map((c) => (
                  <li key={c._id}>
                    <CertificateCard certificate={c} isDownloading={props.downloadingId === c._id} onDownload={() => props.onDownload(c)} />
                  </li>
                ))}
              </ul>
              <Pagination paged={certificates} onPageChange={props.onPageChange} label="Certificates pages" />
            </>
          )}
        </QueryState>
      )}
    </div>
  )
}

const linkClasses =
  'inline-flex items-center gap-1 rounded px-2 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600'

type CertificateCardProps = { certificate: Certificate; isDownloading: boolean; onDownload: () => void }

/** The public address that verifies a certificate: the one printed and linked on its PDF. */
export function verifyUrl(number: string): string {
  return `${window.location.origin}${paths.verifyCertificate(number)}`
}

/** LinkedIn's "Add licence or certification" form, filled in with this certificate. */
export function addToLinkedInUrl(c: Certificate): string {
  const issued = new Date(c.issuedAt)
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.title,
    organizationName: c.startup.companyName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: verifyUrl(c.certificateNumber),
    certId: c.certificateNumber,
  })
  return `https://www.linkedin.com/profile/add?${params}`
}

/**
 * One certificate: what and for whom, when, its skills, number and verify address; Download (the
 * PDF), the signed credential and its baked badge (Open Badges 3.0), Verify and Add to LinkedIn.
 */
function CertificateCard({ certificate: c, isDownloading, onDownload }: CertificateCardProps) {
  return (
    <Card role="article" aria-label={c.title} className="flex h-full flex-col gap-3 p-5">
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-amber-50 p-2.5 text-amber-600">
          <Award className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-slate-900">{c.title}</h2>
          <p className="text-sm text-slate-600">{c.startup.companyName}</p>
        </div>
      </div>
      <p className="text-xs text-slate-500">Issued {formatDate(c.issuedAt)}</p>
      <SkillList skills={c.skills} shown={TASK_PAGE_SKILLS} />
      <p className="font-mono text-xs text-slate-500">{c.certificateNumber}</p>
      <a href={verifyUrl(c.certificateNumber)} className="break-all text-xs text-indigo-700 hover:underline">
        {verifyUrl(c.certificateNumber)}
      </a>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button
          size="sm"
          onClick={onDownload}
          isLoading={isDownloading}
          loadingText="Downloading..."
          aria-label={`Download certificate for ${c.title}`}
        >
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
        <a
          href={credentialPath(c.certificateNumber)}
          download={`credential_${c.certificateNumber}.json`}
          aria-label={`Download credential for ${c.title}`}
          className={linkClasses}
        >
          <FileJson className="size-4" aria-hidden="true" />
          Download credential
        </a>
        <a
          href={badgePath(c.certificateNumber)}
          download={`badge_${c.certificateNumber}.png`}
          aria-label={`Badge image for ${c.title}`}
          className={linkClasses}
        >
          <BadgeCheck className="size-4" aria-hidden="true" />
          Badge image
        </a>
        <Link to={paths.verifyCertificate(c.certificateNumber)} className={linkClasses}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          Verify
        </Link>
        <a
          href={addToLinkedInUrl(c)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Add to LinkedIn: ${c.title} (opens in a new tab)`}
          className={linkClasses}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          Add to LinkedIn
        </a>
      </div>
    </Card>
  )
}
