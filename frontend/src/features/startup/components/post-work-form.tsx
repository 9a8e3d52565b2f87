import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState, type ReactNode, type SelectHTMLAttributes } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FieldError, Input, inputClasses } from '@/components/ui/input'
import { isApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { applyApiFieldErrors } from '@/lib/form'
import { CATEGORIES, labelOf, PRIORITIES, WORK_TYPES, type WorkType } from '@/lib/tasks/constants'
import { CURRENCIES } from '@/lib/tasks/pay'
import type { StudentMatch } from '@/types/matching'
import { postWorkDefaults, postWorkSchema, splitSkills, todayLocal, type PickedImage, type PostWorkValues } from '../schemas'
import type { DraftMatch } from '../api/find-students'
import { FindStudentsField } from './find-students-field'
import { ImagePicker } from './image-picker'

export type PostWorkFormProps = {
  onSubmit: (values: PostWorkValues, images: PickedImage[]) => void
  isSubmitting: boolean
  error?: unknown
  /** Ranks students for the draft's skills (comma separated) and category. */
  onFindStudents: (draft: DraftMatch) => void
  students: StudentMatch[] | undefined
  isFindingStudents: boolean
  /** The form filled from a task, to edit it or post it again. */
  defaultValues?: PostWorkValues
  /** Currency, paid places, revision rounds and assignee stay as the task was posted (edit, repost). */
  fixedTerms?: boolean
  /** How many images the task has now: kept unless new ones are picked. */
  keptImages?: number
  submitLabel?: string
  formLabel?: string
}

/** A labelled select wired like Input (error text through aria-describedby). */
function Select({
  label,
  error,
  required,
  disabled,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="space-y-1.5">
      {/* As in Input: the asterisk sits outside the label, so the name is the label alone. */}
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        )}
      </div>
      <select
        id={id}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        className={cn(inputClasses, error ? 'border-red-500' : 'border-slate-300')}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

const fields = [
  'title',
  'description',
  'workType',
  'category',
  'skills',
  'estimatedHours',
  'deadline',
  'budgetMin',
  'budgetMax',
  'currency',
  'priority',
  'assignedStudent',
  'revisionRounds',
  'seats',
] as const

/**
 * Post New Work (spec §2, §5): category is disabled until a work type is chosen and cleared when
 * the work type changes; Find Students is disabled while skills are empty.
 */
export function PostWorkForm(props: PostWorkFormProps) {
  const { onSubmit, isSubmitting, error, onFindStudents, students, isFindingStudents, fixedTerms = false, keptImages = 0 } = props
  const [images, setImages] = useState<PickedImage[]>([])
  const { register, handleSubmit, control, setValue, setError, formState } = useForm<PostWorkValues>({
    resolver: zodResolver(postWorkSchema),
    defaultValues: props.defaultValues ?? postWorkDefaults,
  })
  const { errors } = formState
  const workType = useWatch({ control, name: 'workType' }) as WorkType | ''
  const skills = useWatch({ control, name: 'skills' })
  const category = useWatch({ control, name: 'category' })
  const assignedStudent = useWatch({ control, name: 'assignedStudent' })

  useEffect(() => {
    applyApiFieldErrors(error, setError, fields)
    // The server names the budget as one field; the form shows it under Budget max.
    const budget = isApiError(error) ? error.fields.budget : undefined
    if (budget) setError('budgetMax', { type: 'server', message: budget })
  }, [error, setError])

  const workTypeField = register('workType')
  return (
    <Card className="p-6 sm:p-8">
      <form
        noValidate
        aria-label={props.formLabel ?? 'Post New Work'}
        onSubmit={handleSubmit((values) => onSubmit(values, images))}
        className="space-y-5"
      >
        <Input label="Title" required error={errors.title?.message} maxLength={200} {...register('title')} />
        <div className="space-y-1.5">
          <div className="flex items-baseline gap-1">
            <label htmlFor="post-work-description" className="block text-sm font-medium text-slate-700">
              Description
            </label>
            <span aria-hidden="true" className="text-sm text-red-600">
              *
            </span>
          </div>
          <textarea
            id="post-work-description"
            rows={5}
            maxLength={5000}
            aria-required
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'post-work-description-error' : undefined}
            className={cn(inputClasses, errors.description ? 'border-red-500' : 'border-slate-300')}
            {...register('description')}
          />
          <FieldError id="post-work-description-error" message={errors.description?.message} />
        </div>
        <ImagePicker images={images} onChange={setImages} />
        {keptImages > 0 && images.length === 0 && (
          <p className="text-sm text-slate-600">The task keeps its {keptImages === 1 ? 'image' : `${keptImages} images`} unless you pick new ones.</p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Work Type"
            required
            error={errors.workType?.message}
            {...workTypeField}
            onChange={(event) => {
              void workTypeField.onChange(event)
              setValue('category', '') // spec §5: changing the work type clears the category
            }}
          >
            <option value="">Select a work type</option>
            {WORK_TYPES.map((w) => (
              <option key={w} value={w}>
                {labelOf(w)}
              </option>
            ))}
          </Select>
          <Select label="Category" required disabled={!workType} error={errors.category?.message} {...register('category')}>
            <option value="">{workType ? 'Select a category' : 'Choose a work type first'}</option>
            {(workType ? CATEGORIES[workType] : []).map((c) => (
              <option key={c} value={c}>
                {labelOf(c)}
              </option>
            ))}
          </Select>
        </div>
        <Input
          label="Skills"
          required
          hint="Separate skills with commas, e.g. React, CSS, Figma"
          error={errors.skills?.message}
          {...register('skills')}
        />
        {!fixedTerms && (
          <>
            <FindStudentsField
              canSearch={splitSkills(skills).length > 0}
              onFind={() => onFindStudents({ skills: splitSkills(skills).join(','), category })}
              students={students}
              isLoading={isFindingStudents}
              value={assignedStudent}
              onChange={(id) => setValue('assignedStudent', id)}
            />
            <FieldError message={errors.assignedStudent?.message} />
          </>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Estimated Hours"
            required
            type="number"
            min={1}
            inputMode="numeric"
            error={errors.estimatedHours?.message}
            {...register('estimatedHours')}
          />
          <Input label="Deadline" required type="date" min={todayLocal()} error={errors.deadline?.message} {...register('deadline')} />
          <Input label="Budget min" type="number" min={0} inputMode="decimal" error={errors.budgetMin?.message} {...register('budgetMin')} />
          <Input
            label="Budget max"
            type="number"
            min={0}
            inputMode="decimal"
            hint="Leave both at 0 for unpaid work."
            error={errors.budgetMax?.message}
            {...register('budgetMax')}
          />
          <Select label="Priority" {...register('priority')}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {labelOf(p)}
              </option>
            ))}
          </Select>
          {!fixedTerms && (
            <>
              <Select label="Currency" error={errors.currency?.message} {...register('currency')}>
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
              <Input
                label="Revision rounds"
                type="number"
                min={0}
                max={10}
                step={1}
                inputMode="numeric"
                hint="How many times you may ask a student for changes on one submission (0 to 10)."
                error={errors.revisionRounds?.message}
                {...register('revisionRounds')}
              />
              <Input
                label="Paid places"
                type="number"
                min={1}
                max={50}
                step={1}
                inputMode="numeric"
                hint="How many students this task pays, each within the budget (1 to 50). Each approval fills a place; the last completes the task."
                error={errors.seats?.message}
                {...register('seats')}
              />
            </>
          )}
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          isLoading={isSubmitting}
          loadingText={props.submitLabel ? 'Saving...' : 'Posting...'}
        >
          {props.submitLabel ?? 'Post Work'}
        </Button>
      </form>
    </Card>
  )
}
