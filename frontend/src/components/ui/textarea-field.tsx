import { useId, type Ref, type TextareaHTMLAttributes } from 'react'
import { cn } from '@/lib/cn'
import { FieldError, inputClasses } from './input'

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  error?: string
  /** A line under the field while it has no error. */
  hint?: string
  ref?: Ref<HTMLTextAreaElement>
}

/** A labelled textarea with its error (or hint) wired through aria-describedby, like Input. */
export function TextareaField({ label, error, hint, id, className, rows = 4, ...props }: TextareaFieldProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  const described = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cn(inputClasses, error ? 'border-red-500' : 'border-slate-300', className)}
        {...props}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
      {!error && hint && (
        <p id={`${fieldId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}
