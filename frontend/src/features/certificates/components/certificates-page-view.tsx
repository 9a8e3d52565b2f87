import { Award, Download, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { SkillList } from '@/components/tasks/skill-list'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Pagination } from '@/components/ui/pagination'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import type { Paged } from '@/lib/api-client'
import { TASK_PAGE_SKILLS } from '@/lib/tasks/constants'
import { formatDate } from '@/lib/tasks/status'
import type { Certificate } from '../api/types'

export type CertificatesPageViewProps =
  | {
      viewer: 'student'
      certificates: Paged<Certificate> | undefined
      isLoading: boolean
      isError: boolean
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
      ) : props.isLoading ? (
        <div className="flex justify-center py-12 text-indigo-600">
          <Spinner size="lg" label="Loading certificates" />
        </div>
      ) : props.isError ? (
        <Alert tone="error">Failed to load certificates</Alert>
      ) : !props.certificates?.items.length ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-500">No certificates yet</p>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {props.certificates.items.map((c) => (
              <li key={c._id}>
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
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    <Button
                      size="sm"
                      onClick={() => props.onDownload(c)}
                      isLoading={props.downloadingId === c._id}
                      loadingText="Downloading..."
                      aria-label={`Download certificate for ${c.title}`}
                    >
                      <Download className="size-4" aria-hidden="true" />
                      Download
                    </Button>
                    <Link
                      to={paths.verifyCertificate(c.certificateNumber)}
                      className="inline-flex items-center gap-1 rounded px-2 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <ShieldCheck className="size-4" aria-hidden="true" />
                      Verify
                    </Link>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pagination paged={props.certificates} onPageChange={props.onPageChange} label="Certificates pages" />
        </>
      )}
    </div>
  )
}
