import { MessageSquareQuote } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { formatDay } from '@/components/people/format'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { inputClasses } from '@/components/ui/input'
import { Pagination } from '@/components/ui/pagination'
import { QueryState } from '@/components/ui/query-state'
import { errorMessage, isApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { notify } from '@/lib/notify'
import { MAX_ANSWER_LENGTH, useAnswerReview, useUserReviews, type Review } from '@/lib/ratings/reviews'
import { StarRating } from './rating-summary'

type ReviewsListProps = {
  /** Whose reviews: the profile's user. */
  userId: string
  /** The viewer is this startup itself: each review without an answer offers Answer. */
  canAnswer?: boolean
}

/** "Reviews" on a profile: the visible ratings about the user, newest first, a page at a time, with the startup's answers. */
export function ReviewsList({ userId, canAnswer = false }: ReviewsListProps) {
  const [page, setPage] = useState(1)
  const reviews = useUserReviews(userId, page)
  const headingId = useId()
  return (
    <Card className="p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
          <MessageSquareQuote className="size-5 text-indigo-600" aria-hidden="true" />
          Reviews
        </h2>
        <QueryState
          query={reviews}
          loadingLabel="Loading reviews"
          error={errorMessage(reviews.error, 'Failed to load reviews')}
          isEmpty={(data) => data.items.length === 0 && data.page === 1}
          empty="No reviews yet"
        >
          {(data) => (
            <>
              <ul className="divide-y divide-slate-100" aria-label="Reviews">
                {data.items.map((review) => (
                  <ReviewItem key={review._id} review={review} userId={userId} canAnswer={canAnswer} />
                ))}
              </ul>
              <Pagination paged={data} onPageChange={setPage} label="Reviews pages" />
            </>
          )}
        </QueryState>
      </section>
    </Card>
  )
}

function ReviewItem({ review, userId, canAnswer }: { review: Review; userId: string; canAnswer: boolean }) {
  const rater = review.rater
  const name = rater?.name || 'A former user'
  return (
    <li className="py-4 first:pt-0" aria-label={`Review by ${name}`}>
      <div className="flex items-start gap-3">
        <Avatar src={rater?.profilePicture} initials={name.charAt(0).toUpperCase()} size="sm" />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-slate-900">{name}</span>
            <StarRating stars={review.stars} />
            <time dateTime={review.createdAt} className="text-xs text-slate-500">
              {formatDay(review.createdAt)}
            </time>
          </div>
          {review.taskTitle && <p className="break-words text-xs text-slate-500">for “{review.taskTitle}”</p>}
          {review.comment && <p className="whitespace-pre-line break-words text-sm text-slate-700">{review.comment}</p>}
          {review.answer ? (
            <div className="mt-2 rounded-lg border-l-4 border-indigo-200 bg-slate-50 px-3 py-2">
              <p className="text-xs font-medium text-slate-600">
                Startup's answer{review.answeredAt && <span className="font-normal text-slate-500"> · {formatDay(review.answeredAt)}</span>}
              </p>
              <p className="whitespace-pre-line break-words text-sm text-slate-700">{review.answer}</p>
            </div>
          ) : (
            canAnswer && <AnswerForm review={review} userId={userId} reviewer={name} />
          )}
        </div>
      </div>
    </li>
  )
}

/** Answer a review: once, at most 1000 characters; the server's refusal shows under the field. */
function AnswerForm({ review, userId, reviewer }: { review: Review; userId: string; reviewer: string }) {
  const [open, setOpen] = useState(false)
  const [answer, setAnswer] = useState('')
  const [problem, setProblem] = useState('')
  const send = useAnswerReview(userId)
  const fieldId = useId()
  const errorId = `${fieldId}-error`
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  // The field opens on request: take the cursor there.
  useEffect(() => {
    if (open) fieldRef.current?.focus()
  }, [open])

  if (!open) {
    return (
      <Button variant="outline" size="sm" className="mt-2" onClick={() => setOpen(true)} aria-label={`Answer ${reviewer}'s review`}>
        Answer
      </Button>
    )
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const text = answer.trim()
    if (!text) return setProblem('Write an answer first.')
    if (text.length > MAX_ANSWER_LENGTH) return setProblem(`Answer must be at most ${MAX_ANSWER_LENGTH} characters`)
    setProblem('')
    send.mutate(
      { ratingId: review._id, answer: text },
      {
        onSuccess: () => notify.success('Answer posted.'),
        onError: (error) => setProblem((isApiError(error) && error.fields.answer) || errorMessage(error, 'Could not post the answer.')),
      },
    )
  }
  return (
    <form onSubmit={onSubmit} className="mt-2 space-y-2" aria-label={`Answer ${reviewer}'s review`}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        Your answer
      </label>
      <textarea
        id={fieldId}
        ref={fieldRef}
        rows={3}
        maxLength={MAX_ANSWER_LENGTH}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false)
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        className={cn(inputClasses, problem ? 'border-red-400' : 'border-slate-300')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-500 tabular-nums">
          {answer.length}/{MAX_ANSWER_LENGTH}
        </span>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" size="sm" isLoading={send.isPending}>
            Post answer
          </Button>
        </div>
      </div>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  )
}
