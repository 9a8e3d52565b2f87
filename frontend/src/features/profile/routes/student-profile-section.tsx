import { Pencil, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { StudentProfileView } from '@/components/people/student-profile-view'
import { ReviewsList } from '@/components/ratings/reviews-list'
import { Button } from '@/components/ui/button'
import { QueryState } from '@/components/ui/query-state'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { User } from '@/types/api'
import { useSaveStudentProfile } from '../api/save-student-profile'
import { useStudentProfile } from '../api/get-student-profile'
import { uploadFile } from '@/lib/uploads'
import { ProfileChecklist, profileComplete, type ProfileStep } from '../components/profile-checklist'
import { StudentProfileForm } from '../components/student-profile-form'
import {
  PROFILE_CREATE_FAILED,
  PROFILE_CREATED,
  PROFILE_LOAD_FAILED,
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
  studentFormValues,
  toStudentProfileInput,
} from '../schemas'

/**
 * Spec §4: view → edit → saved (profile reloads) or cancelled; Add Profile when none exists. Before
 * the first save the profile shows what sign-up gave (name, college), and until it is complete a
 * "Complete your profile" checklist opens the form at each missing field (docs/marketplace.md, "A
 * first week").
 */
export function StudentProfileSection({ user }: { user: User }) {
  const profile = useStudentProfile()
  const [editing, setEditing] = useState(false)
  const [focusField, setFocusField] = useState<ProfileStep | undefined>()
  const edit = (step?: ProfileStep) => {
    setFocusField(step)
    setEditing(true)
  }
  const save = useSaveStudentProfile({
    onSuccess: (_, created) => {
      notify.success(created ? PROFILE_CREATED : PROFILE_UPDATED)
      setEditing(false)
    },
    onError: (error, created) => notify.error(errorMessage(error, created ? PROFILE_CREATE_FAILED : PROFILE_UPDATE_FAILED)),
  })

  /** The stored profile (null before the first save): viewed, edited, or offered to be added. */
  const show = (stored: User | null) => {
    if (editing) {
      return (
        <StudentProfileForm
          mode={stored ? 'edit' : 'add'}
          defaultValues={studentFormValues(stored ?? user)}
          onSubmit={(values) => save.mutate({ input: toStudentProfileInput(values), create: !stored, user })}
          onCancel={() => setEditing(false)}
          isSaving={save.isPending}
          error={save.error}
          uploadAvatar={(file) => uploadFile('avatar', file)}
          uploadResume={(file) => uploadFile('resume', file)}
          focusField={focusField}
        />
      )
    }
    const shown = stored ?? user
    return (
      <div className="space-y-6">
        {!profileComplete(shown) && <ProfileChecklist user={shown} onOpen={edit} />}
        <StudentProfileView
          student={shown}
          reviews={stored ? <ReviewsList userId={stored._id} /> : undefined}
          actions={
            stored ? (
              <Button variant="outline" onClick={() => edit()}>
                <Pencil className="size-4" aria-hidden="true" /> Edit Profile
              </Button>
            ) : (
              <Button onClick={() => edit()}>
                <UserPlus className="size-4" aria-hidden="true" /> Add Profile
              </Button>
            )
          }
        />
      </div>
    )
  }

  return (
    <QueryState
      query={profile}
      loadingLabel="Loading profile"
      error={
        <>
          {PROFILE_LOAD_FAILED}.{' '}
          <button type="button" className="font-medium underline" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </>
      }
    >
      {show}
    </QueryState>
  )
}
