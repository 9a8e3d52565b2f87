import { Star } from 'lucide-react'
import { useId } from 'react'
import { cn } from '@/lib/cn'
import { FieldError } from '@/components/ui/input'

const STARS = [1, 2, 3, 4, 5] as const

/** "4 stars", "1 star". */
export const starsLabel = (n: number) => (n === 1 ? '1 star' : `${n} stars`)

type StarInputProps = {
  label: string
  value: number
  onChange: (stars: number) => void
  error?: string
}

/**
 * 1 to 5 stars as a radio group: each star is a labelled radio ("3 stars"), so arrow keys move
 * between them and screen readers read the choice; the stars up to the choice are filled.
 */
export function StarInput({ label, value, onChange, error }: StarInputProps) {
  const name = useId()
  const errorId = `${name}-error`
  return (
    <div className="space-y-1.5">
      <p id={`${name}-label`} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${name}-label`}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className="flex gap-1"
      >
        {STARS.map((n) => (
          <label key={n} className="cursor-pointer rounded focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={starsLabel(n)}
              className="sr-only"
            />
            <Star aria-hidden="true" className={cn('size-7', n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} />
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  )
}

/** "★★★★☆" with its reading ("4 of 5 stars") for assistive technology. */
export function StarRow({ stars }: { stars: number }) {
  return (
    <span role="img" aria-label={`${stars} of 5 stars`} className="tracking-tight text-amber-500">
      {'★'.repeat(stars)}
      <span className="text-slate-300">{'☆'.repeat(Math.max(0, 5 - stars))}</span>
    </span>
  )
}
