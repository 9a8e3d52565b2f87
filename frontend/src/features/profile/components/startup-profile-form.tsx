import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { applyApiFieldErrors } from '@/lib/form'
import { avatarInitial } from '@/lib/user'
import { COMPANY_SIZES, IMAGE_UPLOAD_FAILED, imageFileError, startupProfileSchema, type StartupProfileValues } from '../schemas'
import { SelectField } from '@/components/ui/select-field'
import { TextareaField } from '@/components/ui/textarea-field'
import { UploadField } from './upload-field'

export type StartupProfileFormProps = {
  defaultValues: StartupProfileValues
  onSubmit: (values: StartupProfileValues) => void
  onCancel: () => void
  isSaving: boolean
  error?: unknown
  uploadPicture: (file: File) => Promise<string>
}

const sizeOptions = [{ value: '', label: 'Not specified' }, ...COMPANY_SIZES.map((size) => ({ value: size, label: `${size} people` }))]

/** Spec §2 startup profile edit mode: picture, Company Name and Industry (required), description, size. */
export function StartupProfileForm({ defaultValues, onSubmit, onCancel, isSaving, error, uploadPicture }: StartupProfileFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<StartupProfileValues>({ resolver: zodResolver(startupProfileSchema), defaultValues })

  useEffect(() => {
    applyApiFieldErrors(error, setError, ['companyName', 'industry', 'companyDescription', 'companySize', 'profilePicture', 'website'])
  }, [error, setError])

  const companyName = watch('companyName')
  return (
    <Card className="p-6 sm:p-8">
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Edit Profile" className="space-y-5">
        <h2 className="text-2xl font-bold text-slate-900">Edit Profile</h2>
        <UploadField
          label="Picture"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hint="PNG, JPEG, GIF or WebP, under 5MB"
          check={imageFileError}
          upload={uploadPicture}
          onUploaded={(url) => setValue('profilePicture', url, { shouldDirty: true })}
          failure={IMAGE_UPLOAD_FAILED}
          current={
            <Avatar src={watch('profilePicture')} initials={avatarInitial({ userType: 'startup', companyName })} alt="Company picture" size="lg" />
          }
        />
        <Input label="Company Name" required error={errors.companyName?.message} {...register('companyName')} />
        <Input label="Industry" required error={errors.industry?.message} {...register('industry')} />
        <Input
          label="Website"
          type="url"
          inputMode="url"
          placeholder="https://nimbus.io"
          hint="Your company's site. Its domain is the one you can verify."
          error={errors.website?.message}
          {...register('website')}
        />
        <TextareaField label="Company Description" error={errors.companyDescription?.message} {...register('companyDescription')} />
        <SelectField label="Company Size" options={sizeOptions} error={errors.companySize?.message} {...register('companySize')} />
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
