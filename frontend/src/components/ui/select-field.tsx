import { useId, type Ref, type SelectHTMLAttributes } from 'react'
import { cn } from '@/lib/cn'
import { FieldError, inputClasses } from './input'

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  options: Array<{ value: string; label: string }>
  error?: string
  ref?: Ref<HTMLSelectElement>
}

/** A labelled select with its error wired through aria-describedby, like Input. */
export function SelectField({ label, options, error, id, className, ...props }: SelectFieldProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={cn(inputClasses, 'border-slate-300', className)}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  )
}
