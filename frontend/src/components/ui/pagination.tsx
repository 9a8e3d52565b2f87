import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { Paged } from '@/lib/api-client'
import { Button } from './button'

type PaginationProps = {
  paged: Paged<unknown>
  onPageChange: (page: number) => void
  /** Names the navigation, e.g. "Submissions pages". */
  label: string
}

/**
 * Previous / next through a paged list. "Page n of m" when the server counted the list; a list it
 * does not count all the way (the open market) says only "Page n" and offers Next while there is
 * more. Hidden when one page holds everything.
 */
export function Pagination({ paged, onPageChange, label }: PaginationProps) {
  if (!paged.hasPrev && !paged.hasNext) return null
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3 pt-2">
      <Button variant="outline" size="sm" onClick={() => onPageChange(paged.page - 1)} disabled={!paged.hasPrev}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        Page {paged.page}
        {paged.totalPages !== undefined && ` of ${paged.totalPages}`}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPageChange(paged.page + 1)} disabled={!paged.hasNext}>
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  )
}
