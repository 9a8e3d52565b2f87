import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { FullPageSpinner } from '@/components/ui/spinner'
import { MainLayout } from '@/components/layouts/main-layout'
import { LandingPage } from '@/features/landing/routes/landing-page'
import { PublicOnlyRoute, RequireAuth } from './guards'
import { prefetchDashboard } from './routes/dashboard-data'
import { NotFoundRedirect } from './routes/not-found'
import { RouteError } from './routes/route-error'

// Only the landing page and the shell (layout, guards, error and not-found routes) are in the
// entry bundle; every other page is fetched when its route first matches (`lazy`), with the
// libraries only it uses, so a visitor's first load carries none of them (issue 17, item 6).

/** Shown instead of the routes while the first match's page is still downloading. */
function RouteLoading() {
  return <FullPageSpinner label="Loading…" />
}

/**
 * Every route of spec §2 with its guard; loaders start a page's queries into `queryClient`.
 * Exported so tests can mount them in a memory router.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      element: <MainLayout />,
      errorElement: <RouteError />,
      HydrateFallback: RouteLoading,
      children: [
        // Open to everyone.
        { index: true, element: <LandingPage /> },
        { path: 'help', lazy: () => import('@/features/help/routes/help-page').then((m) => ({ Component: m.HelpPage })) },
        {
          path: 'tasks',
          lazy: () => import('@/features/tasks/routes/tasks-page').then((m) => ({ Component: m.TasksPage })),
        },
        {
          path: 'tasks/:id',
          lazy: () => import('@/features/tasks/routes/task-page').then((m) => ({ Component: m.TaskPage })),
        },
        {
          path: 'verify/:number',
          lazy: () => import('@/features/certificates/routes/verify-certificate-page').then((m) => ({ Component: m.VerifyCertificatePage })),
        },
        // The mailed link: the page itself tells a visitor who is not the right startup what to do.
        {
          path: 'verify-company',
          lazy: () => import('@/features/profile/routes/verify-company-page').then((m) => ({ Component: m.VerifyCompanyPage })),
        },
        // A mailed link too: opening it changes nothing, its button unsubscribes (signed in or not).
        {
          path: 'unsubscribe',
          lazy: () => import('@/features/settings/routes/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
        },

        // Only when signed out; signed-in users go to /dashboard.
        {
          element: <PublicOnlyRoute />,
          children: [
            {
              path: 'login',
              lazy: () => import('@/features/auth/routes/login-page').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: 'register',
              lazy: () => import('@/features/auth/routes/register-page').then((m) => ({ Component: m.RegisterPage })),
            },
            {
              path: 'forgot-password',
              lazy: () => import('@/features/auth/routes/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
            },
            {
              path: 'reset-password',
              lazy: () => import('@/features/auth/routes/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
            },
          ],
        },

        // Any signed-in user.
        {
          element: <RequireAuth />,
          children: [
            {
              path: 'dashboard',
              loader: prefetchDashboard(queryClient),
              lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
            },
            {
              path: 'profile',
              lazy: () => import('@/features/profile/routes/profile-page').then((m) => ({ Component: m.ProfilePage })),
            },
            {
              path: 'settings',
              lazy: () => import('@/features/settings/routes/settings-page').then((m) => ({ Component: m.SettingsPage })),
            },
            {
              path: 'certificates',
              lazy: () => import('@/features/certificates/routes/certificates-page').then((m) => ({ Component: m.CertificatesPage })),
            },
          ],
        },

        // Students and startups (the admin has no chat).
        {
          element: <RequireAuth allow={['student', 'startup']} />,
          children: [
            // One inbox under the navigation's two names (features/chat/routes/inbox-page.tsx).
            {
              path: 'messages',
              lazy: () => import('@/features/chat/routes/inbox-page').then((m) => ({ element: <m.InboxPage route="messages" /> })),
            },
            {
              path: 'chat',
              lazy: () => import('@/features/chat/routes/inbox-page').then((m) => ({ element: <m.InboxPage route="chat" /> })),
            },
            {
              path: 'chat/:userId',
              lazy: () => import('@/features/chat/routes/inbox-page').then((m) => ({ element: <m.InboxPage route="chat" /> })),
            },
            // A startup's public page: its own, another's, and the one a student's task names.
            {
              path: 'startup/:id',
              lazy: () => import('@/features/startup-profile/routes/startup-detail-page').then((m) => ({ Component: m.StartupDetailPage })),
            },
          ],
        },

        {
          element: <RequireAuth allow={['student']} />,
          children: [
            {
              path: 'student/dashboard',
              loader: prefetchDashboard(queryClient, 'student'),
              lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.StudentDashboardRoute })),
            },
          ],
        },

        {
          element: <RequireAuth allow={['startup']} />,
          children: [
            {
              path: 'startup/dashboard',
              loader: prefetchDashboard(queryClient, 'startup'),
              lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.StartupDashboardRoute })),
            },
            {
              path: 'startup/post-work',
              lazy: () => import('@/features/startup/routes/post-work-page').then((m) => ({ Component: m.PostWorkPage })),
            },
            {
              path: 'startup/browse-students',
              lazy: () => import('@/features/students/routes/browse-students-page').then((m) => ({ Component: m.BrowseStudentsPage })),
            },
            {
              path: 'startup/students',
              lazy: () => import('@/features/students/routes/students-page').then((m) => ({ Component: m.StudentsPage })),
            },
            {
              path: 'startup/students/:studentId',
              lazy: () => import('@/features/students/routes/student-profile-page').then((m) => ({ Component: m.StudentProfilePage })),
            },
            {
              path: 'startup/submissions',
              lazy: () => import('@/features/startup/routes/submissions-page').then((m) => ({ Component: m.SubmissionsPage })),
            },
            {
              path: 'startup/tasks',
              lazy: () => import('@/features/startup/routes/my-works-page').then((m) => ({ Component: m.MyWorksPage })),
            },
            {
              path: 'startup/tasks/:id',
              lazy: () => import('@/features/startup/routes/task-detail-page').then((m) => ({ Component: m.TaskDetailPage })),
            },
          ],
        },

        {
          element: <RequireAuth allow={['admin']} />,
          children: [
            {
              path: 'admin/dashboard',
              lazy: () => import('@/features/admin/routes/admin-dashboard-page').then((m) => ({ Component: m.AdminDashboardPage })),
            },
            {
              path: 'admin/audit',
              lazy: () => import('@/features/admin/routes/admin-audit-page').then((m) => ({ Component: m.AdminAuditPage })),
            },
            {
              path: 'admin/students/:studentId',
              lazy: () => import('@/features/admin/routes/admin-student-dashboard-page').then((m) => ({ Component: m.AdminStudentDashboardPage })),
            },
            {
              path: 'admin/students/:studentId/tasks',
              lazy: () => import('@/features/admin/routes/admin-student-tasks-page').then((m) => ({ Component: m.AdminStudentTasksPage })),
            },
            {
              path: 'admin/students/:studentId/profile',
              lazy: () => import('@/features/admin/routes/admin-student-profile-page').then((m) => ({ Component: m.AdminStudentProfilePage })),
            },
            {
              path: 'admin/startups/:startupId',
              lazy: () => import('@/features/admin/routes/admin-startup-dashboard-page').then((m) => ({ Component: m.AdminStartupDashboardPage })),
            },
            {
              path: 'admin/startups/:startupId/profile',
              lazy: () => import('@/features/admin/routes/admin-startup-profile-page').then((m) => ({ Component: m.AdminStartupProfilePage })),
            },
            {
              path: 'admin/startups/:startupId/tasks',
              lazy: () => import('@/features/admin/routes/admin-startup-tasks-page').then((m) => ({ Component: m.AdminStartupTasksPage })),
            },
          ],
        },

        // Unknown paths go home, with a word.
        { path: '*', element: <NotFoundRedirect /> },
      ],
    },
  ]
}

export type AppRouter = ReturnType<typeof createBrowserRouter>

export function createAppRouter(queryClient: QueryClient): AppRouter {
  return createBrowserRouter(createRoutes(queryClient))
}
