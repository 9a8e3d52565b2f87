import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { MainLayout, ShellLoading } from '@/components/layouts/main-layout'
import { LandingPage } from '@/features/landing/routes/landing-page'
import { AdminDashboardRoute, DashboardRoute, StartupDashboardRoute, StudentDashboardRoute } from './routes/dashboard'
import { PublicOnlyRoute, RequireAuth } from './guards'
import { RouterHandlers, SessionGate } from './provider'
import { NotFoundRedirect } from './routes/not-found'
import { RouteErrorBoundary } from './routes/route-error'

// Only the landing page and the shell (layout, guards, error and not-found routes) are in the
// entry bundle; every other page is fetched when its route first renders (React.lazy), with the
// libraries only it uses, so a visitor's first load carries none of them
// (docs/performance.md, "Web app: first load and LCP").
// The routes are react-router's declarative <Routes>, not its data router: no route loads data
// before it renders (the dashboards start their queries themselves, ./routes/dashboard.tsx), and
// the data router would add 56 KB (17 KB gzip) to every page's first load.

const HelpPage = lazy(() => import('@/features/help/routes/help-page').then((m) => ({ default: m.HelpPage })))
const TasksPage = lazy(() => import('@/features/tasks/routes/tasks-page').then((m) => ({ default: m.TasksPage })))
const TaskPage = lazy(() => import('@/features/tasks/routes/task-page').then((m) => ({ default: m.TaskPage })))
const VerifyCertificatePage = lazy(() =>
  import('@/features/certificates/routes/verify-certificate-page').then((m) => ({ default: m.VerifyCertificatePage })),
)
const VerifyCompanyPage = lazy(() => import('@/features/profile/routes/verify-company-page').then((m) => ({ default: m.VerifyCompanyPage })))
const UnsubscribePage = lazy(() => import('@/features/settings/routes/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })))
const LoginPage = lazy(() => import('@/features/auth/routes/login-page').then((m) => ({ default: m.LoginPage })))
const RegisterPage = lazy(() => import('@/features/auth/routes/register-page').then((m) => ({ default: m.RegisterPage })))
const ForgotPasswordPage = lazy(() => import('@/features/auth/routes/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })))
const ResetPasswordPage = lazy(() => import('@/features/auth/routes/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })))
const ProfilePage = lazy(() => import('@/features/profile/routes/profile-page').then((m) => ({ default: m.ProfilePage })))
const SettingsPage = lazy(() => import('@/features/settings/routes/settings-page').then((m) => ({ default: m.SettingsPage })))
const CertificatesPage = lazy(() => import('@/features/certificates/routes/certificates-page').then((m) => ({ default: m.CertificatesPage })))
const PaymentsPage = lazy(() => import('@/features/payments/routes/payments-page').then((m) => ({ default: m.PaymentsPage })))
const PaymentPage = lazy(() => import('@/features/payments/routes/payment-page').then((m) => ({ default: m.PaymentPage })))
const InvitationsPage = lazy(() => import('@/features/invitations/routes/invitations-page').then((m) => ({ default: m.InvitationsPage })))
const InboxPage = lazy(() => import('@/features/chat/routes/inbox-page').then((m) => ({ default: m.InboxPage })))
const StartupDetailPage = lazy(() => import('@/features/startup-profile/routes/startup-detail-page').then((m) => ({ default: m.StartupDetailPage })))
const PostWorkPage = lazy(() => import('@/features/startup/routes/post-work-page').then((m) => ({ default: m.PostWorkPage })))
const BrowseStudentsPage = lazy(() => import('@/features/students/routes/browse-students-page').then((m) => ({ default: m.BrowseStudentsPage })))
const StudentsPage = lazy(() => import('@/features/students/routes/students-page').then((m) => ({ default: m.StudentsPage })))
const StudentProfilePage = lazy(() => import('@/features/students/routes/student-profile-page').then((m) => ({ default: m.StudentProfilePage })))
const SubmissionsPage = lazy(() => import('@/features/startup/routes/submissions-page').then((m) => ({ default: m.SubmissionsPage })))
const MyWorksPage = lazy(() => import('@/features/startup/routes/my-works-page').then((m) => ({ default: m.MyWorksPage })))
const TaskDetailPage = lazy(() => import('@/features/startup/routes/task-detail-page').then((m) => ({ default: m.TaskDetailPage })))
const AdminAuditPage = lazy(() => import('@/features/admin/routes/admin-audit-page').then((m) => ({ default: m.AdminAuditPage })))
const AdminStudentDashboardPage = lazy(() =>
  import('@/features/admin/routes/admin-student-dashboard-page').then((m) => ({ default: m.AdminStudentDashboardPage })),
)
const AdminStudentTasksPage = lazy(() =>
  import('@/features/admin/routes/admin-student-tasks-page').then((m) => ({ default: m.AdminStudentTasksPage })),
)
const AdminStudentProfilePage = lazy(() =>
  import('@/features/admin/routes/admin-student-profile-page').then((m) => ({ default: m.AdminStudentProfilePage })),
)
const AdminStartupDashboardPage = lazy(() =>
  import('@/features/admin/routes/admin-startup-dashboard-page').then((m) => ({ default: m.AdminStartupDashboardPage })),
)
const AdminStartupProfilePage = lazy(() =>
  import('@/features/admin/routes/admin-startup-profile-page').then((m) => ({ default: m.AdminStartupProfilePage })),
)
const AdminStartupTasksPage = lazy(() =>
  import('@/features/admin/routes/admin-startup-tasks-page').then((m) => ({ default: m.AdminStartupTasksPage })),
)

/**
 * Every route of spec §2 with its guard, once the session check has answered. Rendered inside a
 * router: BrowserRouter, or MemoryRouter in tests and the landing page's HTML.
 */
export function AppRoutes() {
  return (
    <>
      <RouterHandlers />
      <RouteErrorBoundary>
        {/*
          Above the session's spinner, so the routes' first render after the session check finds it
          showing content: as in every navigation (a transition), the screen stays as it is until
          the page's chunk is in. Its "Loading…" shows only on a first load at a page's address.
        */}
        <Suspense fallback={<ShellLoading label="Loading…" />}>
          <SessionGate>
            <Routes>
              <Route path="/" element={<MainLayout />}>
                {/* Open to everyone. */}
                <Route index element={<LandingPage />} />
                <Route path="help" element={<HelpPage />} />
                <Route path="tasks" element={<TasksPage />} />
                <Route path="tasks/:id" element={<TaskPage />} />
                <Route path="verify/:number" element={<VerifyCertificatePage />} />
                {/* The mailed link: the page itself tells a visitor who is not the right startup what to do. */}
                <Route path="verify-company" element={<VerifyCompanyPage />} />
                {/* A mailed link too: opening it changes nothing, its button unsubscribes (signed in or not). */}
                <Route path="unsubscribe" element={<UnsubscribePage />} />

                {/* Only when signed out; signed-in users go to /dashboard. */}
                <Route element={<PublicOnlyRoute />}>
                  <Route path="login" element={<LoginPage />} />
                  <Route path="register" element={<RegisterPage />} />
                  <Route path="forgot-password" element={<ForgotPasswordPage />} />
                  <Route path="reset-password" element={<ResetPasswordPage />} />
                </Route>

                {/* Any signed-in user. */}
                <Route element={<RequireAuth />}>
                  <Route path="dashboard" element={<DashboardRoute />} />
                  <Route path="profile" element={<ProfilePage />} />
                  <Route path="settings" element={<SettingsPage />} />
                  <Route path="certificates" element={<CertificatesPage />} />
                </Route>

                {/* Students and startups (the admin has no chat). */}
                <Route element={<RequireAuth allow={['student', 'startup']} />}>
                  {/* One inbox under the navigation's two names (features/chat/routes/inbox-page.tsx). */}
                  <Route path="messages" element={<InboxPage route="messages" />} />
                  <Route path="chat" element={<InboxPage route="chat" />} />
                  <Route path="chat/:userId" element={<InboxPage route="chat" />} />
                  {/* A startup's public page: its own, another's, and the one a student's task names. */}
                  <Route path="startup/:id" element={<StartupDetailPage />} />
                  {/* What approved paid work owes: the student's to receive, the startup's to pay. */}
                  <Route path="payments" element={<PaymentsPage />} />
                  <Route path="payments/:id" element={<PaymentPage />} />
                </Route>

                <Route element={<RequireAuth allow={['student']} />}>
                  <Route path="student/dashboard" element={<StudentDashboardRoute />} />
                  <Route path="student/invitations" element={<InvitationsPage />} />
                </Route>

                <Route element={<RequireAuth allow={['startup']} />}>
                  <Route path="startup/dashboard" element={<StartupDashboardRoute />} />
                  <Route path="startup/post-work" element={<PostWorkPage />} />
                  <Route path="startup/browse-students" element={<BrowseStudentsPage />} />
                  <Route path="startup/students" element={<StudentsPage />} />
                  <Route path="startup/students/:studentId" element={<StudentProfilePage />} />
                  <Route path="startup/submissions" element={<SubmissionsPage />} />
                  <Route path="startup/tasks" element={<MyWorksPage />} />
                  <Route path="startup/tasks/:id" element={<TaskDetailPage />} />
                </Route>

                <Route element={<RequireAuth allow={['admin']} />}>
                  <Route path="admin/dashboard" element={<AdminDashboardRoute />} />
                  <Route path="admin/audit" element={<AdminAuditPage />} />
                  <Route path="admin/students/:studentId" element={<AdminStudentDashboardPage />} />
                  <Route path="admin/students/:studentId/tasks" element={<AdminStudentTasksPage />} />
                  <Route path="admin/students/:studentId/profile" element={<AdminStudentProfilePage />} />
                  <Route path="admin/startups/:startupId" element={<AdminStartupDashboardPage />} />
                  <Route path="admin/startups/:startupId/profile" element={<AdminStartupProfilePage />} />
                  <Route path="admin/startups/:startupId/tasks" element={<AdminStartupTasksPage />} />
                </Route>

                {/* Unknown paths go home, with a word. */}
                <Route path="*" element={<NotFoundRedirect />} />
              </Route>
            </Routes>
          </SessionGate>
        </Suspense>
      </RouteErrorBoundary>
    </>
  )
}
