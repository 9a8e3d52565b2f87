import { Pencil } from 'lucide-react'
import { useState } from 'react'
import { StartupProfileView } from '@/components/people/startup-profile-view'
import { ReviewsList } from '@/components/ratings/reviews-list'
import { Button } from '@/components/ui/button'
import { errorMessage, isApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { User } from '@/types/api'
import { useRequestVerification } from '../api/company-verification'
import { useUpdateStartupProfile } from '../api/update-startup-profile'
import { uploadFile } from '@/lib/uploads'
import { CompanyVerificationForm } from '../components/company-verification-form'
import { StartupProfileForm } from '../components/startup-profile-form'
import { PROFILE_UPDATE_FAILED, PROFILE_UPDATED, startupFormValues } from '../schemas'

/** The startup's own profile: view with Edit Profile, or the edit form. */
export function StartupProfileSection({ user }: { user: User }) {
  const [editing, setEditing] = useState(false)
  const update = useUpdateStartupProfile({
    onSuccess: () => {
      notify.success(PROFILE_UPDATED)
      setEditing(false)
    },
    onError: (error) => notify.error(errorMessage(error, PROFILE_UPDATE_FAILED)),
  })
  if (editing) {
    return (
      <StartupProfileForm
        defaultValues={startupFormValues(user)}
        onSubmit={(values) => update.mutate(values)}
        onCancel={() => setEditing(false)}
        isSaving={update.isPending}
        error={update.error}
        uploadPicture={(file) => uploadFile('avatar', file)}
      />
    )
  }
  return (
    <>
      <StartupProfileView
        startup={user}
        reviews={<ReviewsList userId={user._id} canAnswer />}
        actions={
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" /> Edit Profile
          </Button>
        }
      />
      <CompanyVerificationSection user={user} />
    </>
  )
}

function CompanyVerificationSection({ user }: { user: User }) {
  const send = useRequestVerification()
  return (
    <CompanyVerificationForm
      // A new website starts a new form: the old domain's errors and answer no longer apply.
      key={user.website ?? ''}
      website={user.website ?? ''}
      verifiedDomain={user.verifiedDomain ?? ''}
      onSubmit={(values) =>
        send.mutate(values.email, {
          onError: (error) => {
            // Field errors show under the input; anything else (a throttle, a failure) as a toast.
            if (!isApiError(error) || !error.fields.email) notify.error(errorMessage(error, 'Failed to send the verification link'))
          },
        })
      }
      isSending={send.isPending}
      sentMessage={send.data?.message}
      error={send.error}
    />
  )
}
