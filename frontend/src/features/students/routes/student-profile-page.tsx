import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { StudentProfileView } from '@/components/people/student-profile-view'
import { ReviewsList } from '@/components/ratings/reviews-list'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useStudentView } from '../api/get-student-view'

/** /startup/students/:studentId: the student profile view with past submissions and Start Chat. */
export function StudentProfilePage() {
  const { studentId = '' } = useParams()
  const view = useStudentView(studentId)
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Student profile · Bridgework</title>
      <h1 className="sr-only">Student profile</h1>
      <Link to={paths.startup.browseStudents} className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to students
      </Link>
      <QueryState
        query={view}
        loadingLabel="Loading profile"
        error={isApiError(view.error) && view.error.status === 404 ? 'Student not found.' : 'Failed to fetch profile'}
      >
        {({ student, submissions }) => (
          <StudentProfileView
            student={student}
            submissions={submissions}
            chatHref={paths.chatWith(student._id)}
            reviews={<ReviewsList userId={student._id} />}
          />
        )}
      </QueryState>
    </div>
  )
}
