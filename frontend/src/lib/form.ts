import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { isApiError } from './api-client'

/**
 * Maps an ApiError's `fields` onto the form's inputs. Returns true when at least one field
 * error was placed. Only names the form knows are used, so an unexpected key is ignored.
 */
export function applyApiFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: ReadonlyArray<Path<T>>,
): boolean {
  if (!isApiError(error)) return false
  let placed = false
  for (const [name, message] of Object.entries(error.fields)) {
    if ((knownFields as ReadonlyArray<string>).includes(name) && message) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !placed })
      placed = true
    }
  }
  return placed
}
