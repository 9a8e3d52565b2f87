import { useParams } from 'react-router'
import { StartupProfileView } from '@/components/people/startup-profile-view'
import { ReviewsList } from '@/components/ratings/reviews-list'
import { useAdminStartup } from '../api/get-admin-startup'
import { AdminPersonLayout } from '../components/admin-person-layout'

/** /admin/startups/:startupId/profile: the startup profile with Edit Profile hidden (spec §2). */
export function AdminStartupProfilePage() {
  const { startupId = '' } = useParams()
  const query = useAdminStartup(startupId)
  return (
    <AdminPersonLayout kind="startup" id={startupId} title="Startup profile" query={query} personOf={(data) => data.startup}>
      {(data) => <StartupProfileView startup={data.startup} reviews={<ReviewsList userId={startupId} />} />}
    </AdminPersonLayout>
  )
}
