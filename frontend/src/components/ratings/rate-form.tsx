import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/input'
import { TextareaField } from '@/components/ui/textarea-field'
import { errorMessage, isApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useEditRating, useGiveRating, type RatingValues } from '@/lib/ratings/give-rating'
import { findMyRating, isEditable, isRatingOpen, useMyRatings } from '@/lib/ratings/my-ratings'
import { formatDate } from '@/lib/tasks/status'
import { StarInput, StarRow } from './star-input'

export const STARS_REQUIRED = 'Choose from 1 to 5 stars'
/** The server's refusal of a rating given too late (backend/ratings). */
export const RATING_CLOSED = 'The rating window for this work has closed'
export const COMMENT_MAX = 1000

type RateFormProps = {
  /** Who is rated, for the labels ("Stars for Nimbus Labs"). */
  rateeName: string
  initial?: RatingValues
  onSubmit: (values: RatingValues) => void
  onCancel?: () => void
  isSubmitting: boolean
  /** The API's refusal: its field texts go beside the fields, any other message below. */
  error?: unknown
}

/** Stars (required) and an optional comment, then Save. */
export function RateForm({ rateeName, initial, onSubmit, onCancel, isSubmitting, error }: RateFormProps) {
  const [stars, setStars] = useState(initial?.stars ?? 0)
  const [comment, setComment] = useState(initial?.comment ?? '')
  const [starsError, setStarsError] = useState<string>()
  const fields = isApiError(error) ? error.fields : {}
  const formError = error && !fields.stars && !fields.comment ? errorMessage(error, 'Failed to save your rating') : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (stars < 1) return setStarsError(STARS_REQUIRED)
    setStarsError(undefined)
    onSubmit({ stars, comment: comment.trim() })
  }
  return (
    <form noValidate onSubmit={submit} aria-label={`Rate ${rateeName}`} className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <StarInput
        label={`Stars for ${rateeName}`}
        value={stars}
        onChange={(n) => {
          setStars(n)
          setStarsError(undefined)
        }}
        error={starsError ?? fields.stars}
      />
      <TextareaField
        label="Comment (optional)"
        value={comment}
        rows={3}
        maxLength={COMMENT_MAX}
        onChange={(event) => setComment(event.target.value)}
        error={fields.comment}
      />
      <FieldError message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={isSubmitting} loadingText="Saving...">
          Save
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

type RatingPanelProps = {
  /** "Rate student" or "Rate startup". */
  label: string
  taskId: string
  /** The student of the approved work: the ratee for a startup, the caller for a student. */
  studentId: string
  rateeId: string
  rateeName: string
  /** The approved submission's `ratingClosesAt`: no rating is taken from then on. */
  closesAt: string | undefined
}

/**
 * After an approval: the caller's rating of the other side for this work. Before they rated, a
 * button opens the form while the rating window is open; after, "Your rating: ★★★★☆ (edit until
 * …)" with Edit while the rating is hidden (it is fixed once visible), and whether the other side
 * sees it yet.
 */
export function RatingPanel({ label, taskId, studentId, rateeId, rateeName, closesAt }: RatingPanelProps) {
  const mine = useMyRatings()
  const give = useGiveRating()
  const edit = useEditRating()
  const [editing, setEditing] = useState(false)
  if (mine.isPending || mine.isError) return null
  const rating = findMyRating(mine.data, taskId, rateeId)

  if (editing) {
    const mutation = rating ? edit : give
    const save = (values: RatingValues) => {
      const done = {
        onSuccess: () => {
          notify.success(rating ? 'Rating updated' : 'Rating saved')
          setEditing(false)
        },
      }
      if (rating) edit.mutate({ id: rating._id, ...values }, done)
      else give.mutate({ taskId, studentId, ...values }, done)
    }
    return (
      <RateForm
        rateeName={rateeName}
        initial={rating ? { stars: rating.stars, comment: rating.comment } : undefined}
        onSubmit={save}
        onCancel={() => setEditing(false)}
        isSubmitting={mutation.isPending}
        error={mutation.error}
      />
    )
  }
  if (!rating) {
    if (!isRatingOpen(closesAt)) return <p className="text-xs text-slate-500">{RATING_CLOSED}</p>
    return (
      <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`${label}: ${rateeName}`}>
        {label}
      </Button>
    )
  }
  const editable = isEditable(rating)
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p className="flex flex-wrap items-center gap-2">
        <span>
          Your rating of {rateeName}: <StarRow stars={rating.stars} />
          {editable && <span className="text-xs text-slate-500"> (edit until {formatDate(rating.editableUntil)})</span>}
        </span>
        {editable && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              give.reset()
              edit.reset()
              setEditing(true)
            }}
            aria-label={`Edit your rating of ${rateeName}`}
          >
            Edit
          </Button>
        )}
      </p>
      {rating.comment && <p className="whitespace-pre-line break-words text-xs text-slate-600">&ldquo;{rating.comment}&rdquo;</p>}
      {!rating.visible && <p className="text-xs text-slate-500">Hidden until {rateeName} rates too or 14 days pass.</p>}
    </div>
  )
}
