import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'

type PaginationProps = {
  page: number
  totalPages: number
  /** There are more pages than totalPages says (a capped count). */
  more?: boolean
  onPageChange: (page: number) => void
  label: string
}

/** Previous / next through a paged list, with "Page n of m". Hidden when one page holds all. */
export function Pagination({ page, totalPages, more = false, onPageChange, label }: PaginationProps) {
  if (totalPages <= 1 && !more) return null
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3 pt-2">
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        Page {page} of {totalPages}
        {more && '+'}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages && !more}>
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  )
}
