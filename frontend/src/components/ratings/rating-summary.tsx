import { Star } from 'lucide-react'
import { cn } from '@/lib/cn'
import type { RatingSummary as Summary } from '@/lib/ratings/reviews'

/** Below this many visible ratings the server keeps the average back. */
export const RATINGS_FOR_AVERAGE = 3

const plural = (n: number) => `${n} ${n === 1 ? 'rating' : 'ratings'}`

/**
 * What a summary says: "★ 4.3 · 12 ratings" once there is an average, "New: fewer than 3
 * ratings" before, "No ratings yet" at none; nothing when the user carries no summary.
 */
export function ratingSummaryText(rating: Summary | null | undefined): string | null {
  if (!rating) return null
  if (rating.average !== null && rating.average !== undefined) return `★ ${rating.average.toFixed(1)} · ${plural(rating.count)}`
  if (rating.count <= 0) return 'No ratings yet'
  return `New: fewer than ${RATINGS_FOR_AVERAGE} ratings`
}

/** A person's rating on a profile or card. */
export function RatingSummary({ rating, className }: { rating: Summary | null | undefined; className?: string }) {
  const text = ratingSummaryText(rating)
  if (!rating || !text) return null
  const rated = rating.average !== null && rating.average !== undefined
  return (
    <p className={cn('text-sm', rated ? 'font-medium text-amber-700' : 'text-slate-500', className)} data-testid="rating-summary">
      {rated ? (
        <>
          <span aria-hidden="true">{text}</span>
          <span className="sr-only">{`Rated ${rating.average!.toFixed(1)} out of 5 from ${plural(rating.count)}`}</span>
        </>
      ) : (
        text
      )}
    </p>
  )
}

/** 1 to 5 stars, read as "4 out of 5 stars". For showing a rating, not for giving one. */
export function StarRating({ stars, className }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={`${stars} out of 5 stars`} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn('size-4', n <= stars ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} aria-hidden="true" />
      ))}
    </span>
  )
}
