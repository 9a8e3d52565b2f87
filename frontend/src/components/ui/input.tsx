import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { cn } from '@/lib/cn'

export const inputClasses =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ' +
  'disabled:bg-slate-100 disabled:text-slate-500'

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string
  /** Validation text shown under the input, announced when it appears. */
  error?: string
  /** Helper text shown under the input when there is no error. */
  hint?: ReactNode
  /** Rendered inside the input's box on the right, e.g. a show-password toggle. */
  endAdornment?: ReactNode
  /** Hide the label visually (still read by screen readers). */
  hideLabel?: boolean
  containerClassName?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled text input with its error text wired up through aria-describedby. */
export function Input({ label, error, hint, endAdornment, hideLabel, id, className, containerClassName, required, ...props }: InputProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const describedBy = [error ? errorId : null, !error && hint ? hintId : null].filter(Boolean).join(' ') || undefined

  return (
    <div className={cn('space-y-1.5', containerClassName)}>
      {/* The asterisk sits outside the label so the input's accessible name is the label alone. */}
      <div className={cn('flex items-baseline gap-1', hideLabel && 'sr-only')}>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        )}
      </div>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={cn(inputClasses, error ? 'border-red-500' : 'border-slate-300', endAdornment ? 'pr-11' : undefined, className)}
          {...props}
        />
        {endAdornment && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{endAdornment}</div>}
      </div>
      <FieldError id={errorId} message={error} />
      {!error && hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}

/** The error line under a field. role="alert" makes screen readers read it as it appears. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  )
}
