import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { errorMessage, isApiError } from '@/lib/api-client'
import { applyApiFieldErrors } from '@/lib/form'

// The server's texts (docs/api-contract.md, "Saved searches").
export const saveSearchSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
})

export type SaveSearchValues = z.infer<typeof saveSearchSchema>

type SaveSearchDialogProps = {
  /** What the search keeps, in words: `"react" · Web Development`. */
  summary: string
  /** The name offered, made from the search; the student may change it. */
  defaultName: string
  onSubmit: (values: SaveSearchValues) => void
  onClose: () => void
  isSaving: boolean
  error?: unknown
}

/** Asks for a name for the tasks page's current filter. */
export function SaveSearchDialog({ summary, defaultName, onSubmit, onClose, isSaving, error }: SaveSearchDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SaveSearchValues>({ resolver: zodResolver(saveSearchSchema), defaultValues: { name: defaultName } })

  // A refused name goes under the field; anything else (the 20-search limit, a filter the server
  // refused) is said above the buttons.
  const nameRefused = isApiError(error) && Boolean(error.fields.name)
  useEffect(() => {
    if (error) applyApiFieldErrors(error, setError, ['name'])
  }, [error, setError])

  return (
    <Dialog title="Save this search" description={`You'll hear about new tasks matching: ${summary}.`} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        <Input label="Name" required maxLength={80} autoComplete="off" error={errors.name?.message} {...register('name')} />
        {Boolean(error) && !nameRefused && <Alert tone="error">{errorMessage(error, 'Could not save the search.')}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving} loadingText="Saving...">
            Save search
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
