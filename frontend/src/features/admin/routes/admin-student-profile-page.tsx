import { useParams } from 'react-router'
import { StudentProfileView } from '@/components/people/student-profile-view'
import { ReviewsList } from '@/components/ratings/reviews-list'
import type { PastSubmission } from '@/components/people/types'
import { useAdminStudent } from '../api/get-admin-student'
import type { AdminTask } from '../api/types'
import { AdminPersonLayout } from '../components/admin-person-layout'

/** The student's submissions, from their tasks, as Past Submissions rows (newest first). */
export function pastSubmissions(tasks: AdminTask[], studentId: string): PastSubmission[] {
  return tasks
    .flatMap((task) =>
      task.submissions
        .filter((s) => s.student?._id === studentId)
        .map((s) => ({
          _id: s._id,
          link: s.link,
          status: s.status,
          submittedAt: s.submittedAt,
          task: { _id: task._id, title: task.title, status: task.status, displayStatus: task.displayStatus },
          startup: task.startup,
        })),
    )
    .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
}

/** /admin/students/:studentId/profile: the student profile view with no Start Chat. */
export function AdminStudentProfilePage() {
  const { studentId = '' } = useParams()
  const query = useAdminStudent(studentId)
  return (
    <AdminPersonLayout kind="student" id={studentId} title="Student profile" query={query} personOf={(data) => data.user}>
      {(data) => (
        <StudentProfileView student={data.user} submissions={pastSubmissions(data.tasks, studentId)} reviews={<ReviewsList userId={studentId} />} />
      )}
    </AdminPersonLayout>
  )
}
