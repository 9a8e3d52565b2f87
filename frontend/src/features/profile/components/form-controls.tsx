import { useId, type Ref, type TextareaHTMLAttributes } from 'react'
import { FieldError, inputClasses } from '@/components/ui/input'
import { cn } from '@/lib/cn'

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; ref?: Ref<HTMLTextAreaElement> }

/** A labelled textarea with its error wired through aria-describedby, like Input. */
export function TextareaField({ label, error, id, className, ...props }: TextareaFieldProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={cn(inputClasses, error ? 'border-red-500' : 'border-slate-300', className)}
        {...props}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  )
}
