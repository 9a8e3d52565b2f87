import { useParams } from 'react-router'
import { useAdminStartup } from '../api/get-admin-startup'
import { AdminPersonLayout } from '../components/admin-person-layout'
import { AdminStartupDashboardView } from '../components/admin-startup-dashboard-view'

/** /admin/startups/:startupId: the startup's dashboard, read-only. */
export function AdminStartupDashboardPage() {
  const { startupId = '' } = useParams()
  const query = useAdminStartup(startupId)
  return (
    <AdminPersonLayout kind="startup" id={startupId} title="Startup dashboard" query={query} personOf={(data) => data.startup}>
      {(data) => <AdminStartupDashboardView data={data} />}
    </AdminPersonLayout>
  )
}
