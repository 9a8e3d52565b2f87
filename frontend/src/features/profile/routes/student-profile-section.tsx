import { Pencil, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { StudentProfileView } from '@/components/people/student-profile-view'
import { ReviewsList } from '@/components/ratings/reviews-list'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { User } from '@/types/api'
import { useSaveStudentProfile } from '../api/save-student-profile'
import { useStudentProfile } from '../api/get-student-profile'
import { uploadFile } from '@/lib/uploads'
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

/** Spec §4: view → edit → saved (profile reloads) or cancelled; Add Profile when none exists. */
export function StudentProfileSection({ user }: { user: User }) {
  const profile = useStudentProfile()
  const [editing, setEditing] = useState(false)
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
        />
      )
    }
    if (!stored) {
      return (
        <Card className="p-8 text-center">
          <h2 className="text-2xl font-bold text-slate-900">Your profile</h2>
          <p className="mt-2 text-slate-600">No profile found. Add your skills, experience, projects and resume so startups can find you.</p>
          <Button className="mt-6" onClick={() => setEditing(true)}>
            <UserPlus className="size-4" aria-hidden="true" /> Add Profile
          </Button>
        </Card>
      )
    }
    return (
      <StudentProfileView
        student={stored}
        reviews={<ReviewsList userId={stored._id} />}
        actions={
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" /> Edit Profile
          </Button>
        }
      />
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
