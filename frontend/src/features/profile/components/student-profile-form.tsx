import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { fileHref } from '@/lib/files'
import { applyApiFieldErrors } from '@/lib/form'
import { avatarInitial } from '@/lib/user'
import {
  ACCEPTS_INVITATIONS_LABEL,
  DISCOVERABLE_LABEL,
  IMAGE_UPLOAD_FAILED,
  imageFileError,
  RESUME_UPLOAD_FAILED,
  resumeFileError,
  studentProfileSchema,
  type StudentProfileValues,
} from '../schemas'
import { TextareaField } from '@/components/ui/textarea-field'
import type { ProfileStep } from './profile-checklist'
import { ExperienceFields, ProjectsFields, SkillsFields } from './profile-list-fields'
import { UploadField } from './upload-field'

export type StudentProfileFormProps = {
  /** Add Profile when none exists yet, else Edit Profile (spec §4). */
  mode: 'add' | 'edit'
  defaultValues: StudentProfileValues
  onSubmit: (values: StudentProfileValues) => void
  onCancel: () => void
  isSaving: boolean
  error?: unknown
  uploadAvatar: (file: File) => Promise<string>
  uploadResume: (file: File) => Promise<string>
  /** The field the checklist opened the form at: scrolled to and focused once. */
  focusField?: ProfileStep
}

const serverFields = ['firstName', 'lastName', 'headline', 'bio', 'phone', 'college', 'collegeEmail', 'profilePicture', 'resume'] as const

/** The student's profile form: details, avatar, skills, experience, projects and résumé. */
export function StudentProfileForm({
  mode,
  defaultValues,
  onSubmit,
  onCancel,
  isSaving,
  error,
  uploadAvatar,
  uploadResume,
  focusField,
}: StudentProfileFormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!focusField) return
    const area = formRef.current?.querySelector<HTMLElement>(`[data-profile-field="${focusField}"]`)
    area?.scrollIntoView?.({ block: 'center' })
    area?.querySelector<HTMLElement>('textarea, input, button')?.focus()
  }, [focusField])

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<StudentProfileValues>({ resolver: zodResolver(studentProfileSchema), defaultValues })

  useEffect(() => {
    applyApiFieldErrors(error, setError, [...serverFields])
  }, [error, setError])

  const title = mode === 'add' ? 'Add Profile' : 'Edit Profile'
  const picture = watch('profilePicture')
  const resume = fileHref(watch('resume'))
  const lists = { control, register, errors }

  return (
    <Card className="p-6 sm:p-8">
      <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} aria-label={title} className="space-y-8">
        <h2 className="text-2xl font-bold text-slate-900">{title}</h2>

        <UploadField
          label="Avatar"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hint="PNG, JPEG, GIF or WebP, under 5MB"
          check={imageFileError}
          upload={uploadAvatar}
          onUploaded={(url) => setValue('profilePicture', url, { shouldDirty: true })}
          failure={IMAGE_UPLOAD_FAILED}
          current={<Avatar src={picture} initials={avatarInitial(watch())} alt="Your avatar" size="lg" />}
        />

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-slate-900">About you</legend>
          <Input label="First name" required autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <Input label="Last name" required autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          <Input label="Headline" containerClassName="sm:col-span-2" error={errors.headline?.message} {...register('headline')} />
          <div className="sm:col-span-2" data-profile-field="bio">
            <TextareaField label="Bio" error={errors.bio?.message} {...register('bio')} />
          </div>
          <Input label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
          <Input label="College" error={errors.college?.message} {...register('college')} />
          <Input label="College email" type="email" error={errors.collegeEmail?.message} {...register('collegeEmail')} />
        </fieldset>

        <div data-profile-field="skills">
          <SkillsFields {...lists} />
        </div>
        <ExperienceFields {...lists} watch={watch} />
        <div data-profile-field="projects">
          <ProjectsFields {...lists} />
        </div>

        <div data-profile-field="resume">
          <UploadField
            label="Resume"
            accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            hint="PDF or Word, under 5MB"
            check={resumeFileError}
            upload={uploadResume}
            onUploaded={(url) => setValue('resume', url, { shouldDirty: true })}
            failure={RESUME_UPLOAD_FAILED}
            current={
              resume ? (
                <a href={resume} target="_blank" rel="noopener noreferrer" className="text-sm text-indigo-700 hover:underline">
                  Current resume
                </a>
              ) : (
                <span className="text-sm text-slate-500">No resume uploaded.</span>
              )
            }
          />
        </div>
        {errors.resume?.message && <p className="text-sm text-red-600">{errors.resume.message}</p>}

        <fieldset className="space-y-3">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Matching</legend>
          <p className="text-sm text-slate-600">Startups find students for their tasks by skills proved in approved work, ratings and replies.</p>
          <Checkbox label={DISCOVERABLE_LABEL} {...register('discoverable')} />
          <Checkbox label={ACCEPTS_INVITATIONS_LABEL} {...register('acceptsInvitations')} />
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={isSaving} loadingText="Saving...">
            Save
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  )
}
