import { useParams } from 'react-router'
import { useAdminStudent } from '../api/get-admin-student'
import type { AdminTask } from '../api/types'
import { AdminPersonLayout } from '../components/admin-person-layout'
import { TaskCard } from '../components/task-card'

/** /admin/students/:studentId/tasks: the student's active and assigned tasks, and the open ones. */
export function AdminStudentTasksPage() {
  const { studentId = '' } = useParams()
  const query = useAdminStudent(studentId)
  return (
    <AdminPersonLayout kind="student" id={studentId} title="Student tasks" query={query} personOf={(data) => data.user}>
      {(data) => (
        <div className="space-y-8">
          <TaskSection title="Active and assigned tasks" tasks={data.tasks} empty="No assigned tasks." />
          <TaskSection title="Available tasks" tasks={data.availableTasks.items} empty="No available tasks at the moment" />
        </div>
      )}
    </AdminPersonLayout>
  )
}

function TaskSection({ title, tasks, empty }: { title: string; tasks: AdminTask[]; empty: string }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {tasks.length === 0 ? (
        <p className="text-slate-500">{empty}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {tasks.map((task) => (
            <TaskCard key={task._id} task={task} showSubmissions />
          ))}
        </div>
      )}
    </section>
  )
}
