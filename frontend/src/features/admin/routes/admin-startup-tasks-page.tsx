import { useParams } from 'react-router'
import { useAdminStartup } from '../api/get-admin-startup'
import { AdminPersonLayout } from '../components/admin-person-layout'
import { TaskCard } from '../components/task-card'

/** /admin/startups/:startupId/tasks: posted tasks with their submissions, read-only. */
export function AdminStartupTasksPage() {
  const { startupId = '' } = useParams()
  const query = useAdminStartup(startupId)
  return (
    <AdminPersonLayout kind="startup" id={startupId} title="Startup tasks" query={query} personOf={(data) => data.startup}>
      {({ tasks, totalTasks }) => (
        <section className="space-y-3">
          <h2 className="text-xl font-semibold text-slate-900">Posted tasks ({totalTasks})</h2>
          {tasks.length === 0 ? (
            <p className="text-slate-500">No tasks posted yet</p>
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {tasks.map((task) => (
                <TaskCard key={task._id} task={task} showSubmissions />
              ))}
            </div>
          )}
        </section>
      )}
    </AdminPersonLayout>
  )
}
