import { useParams } from 'react-router'
import { useAdminStudent } from '../api/get-admin-student'
import { AdminPersonLayout } from '../components/admin-person-layout'
import { AdminStudentDashboardView } from '../components/admin-student-dashboard-view'

/** /admin/students/:studentId: the student's dashboard, read-only. */
export function AdminStudentDashboardPage() {
  const { studentId = '' } = useParams()
  const query = useAdminStudent(studentId)
  return (
    <AdminPersonLayout kind="student" id={studentId} title="Student dashboard" query={query} personOf={(data) => data.user}>
      {(data) => <AdminStudentDashboardView data={data} />}
    </AdminPersonLayout>
  )
}
