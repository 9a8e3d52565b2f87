import { createBrowserRouter, type RouteObject } from 'react-router'
import { MainLayout } from '@/components/layouts/main-layout'
import { AdminStartupDashboardPage } from '@/features/admin/routes/admin-startup-dashboard-page'
import { AdminStartupProfilePage } from '@/features/admin/routes/admin-startup-profile-page'
import { AdminStartupTasksPage } from '@/features/admin/routes/admin-startup-tasks-page'
import { AdminAuditPage } from '@/features/admin/routes/admin-audit-page'
import { AdminDashboardPage } from '@/features/admin/routes/admin-dashboard-page'
import { AdminStudentDashboardPage } from '@/features/admin/routes/admin-student-dashboard-page'
import { AdminStudentProfilePage } from '@/features/admin/routes/admin-student-profile-page'
import { AdminStudentTasksPage } from '@/features/admin/routes/admin-student-tasks-page'
import { ForgotPasswordPage } from '@/features/auth/routes/forgot-password-page'
import { LoginPage } from '@/features/auth/routes/login-page'
import { RegisterPage } from '@/features/auth/routes/register-page'
import { ResetPasswordPage } from '@/features/auth/routes/reset-password-page'
import { CertificatesPage } from '@/features/certificates/routes/certificates-page'
import { VerifyCertificatePage } from '@/features/certificates/routes/verify-certificate-page'
import { InboxPage } from '@/features/chat/routes/inbox-page'
import { HelpPage } from '@/features/help/routes/help-page'
import { LandingPage } from '@/features/landing/routes/landing-page'
import { ProfilePage } from '@/features/profile/routes/profile-page'
import { VerifyCompanyPage } from '@/features/profile/routes/verify-company-page'
import { MyWorksPage } from '@/features/startup/routes/my-works-page'
import { PostWorkPage } from '@/features/startup/routes/post-work-page'
import { SettingsPage } from '@/features/settings/routes/settings-page'
import { UnsubscribePage } from '@/features/settings/routes/unsubscribe-page'
import { StartupDetailPage } from '@/features/startup-profile/routes/startup-detail-page'
import { BrowseStudentsPage } from '@/features/students/routes/browse-students-page'
import { StudentProfilePage } from '@/features/students/routes/student-profile-page'
import { StudentsPage } from '@/features/students/routes/students-page'
import { SubmissionsPage } from '@/features/startup/routes/submissions-page'
import { TaskDetailPage } from '@/features/startup/routes/task-detail-page'
import { TaskPage } from '@/features/tasks/routes/task-page'
import { TasksPage } from '@/features/tasks/routes/tasks-page'
import { PublicOnlyRoute, RequireAuth } from './guards'
import { DashboardRoute, StartupDashboardRoute, StudentDashboardRoute } from './routes/dashboard'
import { NotFoundRedirect } from './routes/not-found'
import { RouteError } from './routes/route-error'

/** Every route of spec §2 with its guard. Exported so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      // Open to everyone.
      { index: true, element: <LandingPage /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'tasks', element: <TasksPage /> },
      { path: 'tasks/:id', element: <TaskPage /> },
      { path: 'verify/:number', element: <VerifyCertificatePage /> },
      // The mailed link: the page itself tells a visitor who is not the right startup what to do.
      { path: 'verify-company', element: <VerifyCompanyPage /> },
      // A mailed link too: opening it changes nothing, its button unsubscribes (signed in or not).
      { path: 'unsubscribe', element: <UnsubscribePage /> },

      // Only when signed out; signed-in users go to /dashboard.
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },

      // Any signed-in user.
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', element: <DashboardRoute /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'certificates', element: <CertificatesPage /> },
        ],
      },

      // Students and startups (the admin has no chat).
      {
        element: <RequireAuth allow={['student', 'startup']} />,
        children: [
          // One inbox under the navigation's two names (features/chat/routes/inbox-page.tsx).
          { path: 'messages', element: <InboxPage route="messages" /> },
          { path: 'chat', element: <InboxPage route="chat" /> },
          { path: 'chat/:userId', element: <InboxPage route="chat" /> },
          // A startup's public page: its own, another's, and the one a student's task names.
          { path: 'startup/:id', element: <StartupDetailPage /> },
        ],
      },

      {
        element: <RequireAuth allow={['student']} />,
        children: [{ path: 'student/dashboard', element: <StudentDashboardRoute /> }],
      },

      {
        element: <RequireAuth allow={['startup']} />,
        children: [
          { path: 'startup/dashboard', element: <StartupDashboardRoute /> },
          { path: 'startup/post-work', element: <PostWorkPage /> },
          { path: 'startup/browse-students', element: <BrowseStudentsPage /> },
          { path: 'startup/students', element: <StudentsPage /> },
          { path: 'startup/students/:studentId', element: <StudentProfilePage /> },
          { path: 'startup/submissions', element: <SubmissionsPage /> },
          { path: 'startup/tasks', element: <MyWorksPage /> },
          { path: 'startup/tasks/:id', element: <TaskDetailPage /> },
        ],
      },

      {
        element: <RequireAuth allow={['admin']} />,
        children: [
          { path: 'admin/dashboard', element: <AdminDashboardPage /> },
          { path: 'admin/audit', element: <AdminAuditPage /> },
          { path: 'admin/students/:studentId', element: <AdminStudentDashboardPage /> },
          { path: 'admin/students/:studentId/tasks', element: <AdminStudentTasksPage /> },
          { path: 'admin/students/:studentId/profile', element: <AdminStudentProfilePage /> },
          { path: 'admin/startups/:startupId', element: <AdminStartupDashboardPage /> },
          { path: 'admin/startups/:startupId/profile', element: <AdminStartupProfilePage /> },
          { path: 'admin/startups/:startupId/tasks', element: <AdminStartupTasksPage /> },
        ],
      },

      // Unknown paths go home, with a word.
      { path: '*', element: <NotFoundRedirect /> },
    ],
  },
]

export type AppRouter = ReturnType<typeof createBrowserRouter>

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes)
}
