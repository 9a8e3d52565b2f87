import { Upload } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { buttonClasses } from '@/components/ui/button'
import { FieldError } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api-client'

type UploadFieldProps = {
  label: string
  accept: string
  hint: string
  /** Client-side check: the message to show, or null when the file may be sent. */
  check: (file: File) => string | null
  /** Sends the file; resolves with the stored URL. */
  upload: (file: File) => Promise<string>
  onUploaded: (url: string) => void
  /** Shown when the upload fails without a server message (spec §8). */
  failure: string
  /** What is there now: a preview or a link. */
  current?: ReactNode
}

/** A file picker that uploads at once and reports the spec's messages beside the field. */
export function UploadField({ label, accept, hint, check, upload, onUploaded, failure, current }: UploadFieldProps) {
  const id = useId()
  const [error, setError] = useState<string | undefined>()
  const [isUploading, setIsUploading] = useState(false)

  async function onChange(input: HTMLInputElement) {
    const file = input.files?.[0]
    input.value = '' // so that picking the same file again is a change too
    if (!file) return
    const problem = check(file)
    setError(problem ?? undefined)
    if (problem) return
    setIsUploading(true)
    try {
      onUploaded(await upload(file))
    } catch (cause) {
      setError(errorMessage(cause, failure))
    } finally {
      setIsUploading(false)
    }
  }

  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {current}
        <label
          htmlFor={id}
          className={buttonClasses({
            variant: 'outline',
            size: 'sm',
            className: 'cursor-pointer focus-within:outline-2 focus-within:outline-indigo-600',
          })}
        >
          {isUploading ? <Spinner size="sm" decorative /> : <Upload className="size-4" aria-hidden="true" />}
          {isUploading ? 'Uploading...' : `Choose ${label.toLowerCase()}`}
          <input
            id={id}
            type="file"
            accept={accept}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
            disabled={isUploading}
            onChange={(event) => void onChange(event.target)}
          />
        </label>
      </div>
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}
