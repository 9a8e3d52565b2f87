// Every route of the SPA (spec §2) in one place, so links and redirects never drift.

export const paths = {
  home: '/',
  help: '/help',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  profile: '/profile',
  settings: '/settings',
  unsubscribe: '/unsubscribe',
  tasks: '/tasks',
  /** A task's own page, open to all (the full brief, pay, and a student's submit action). */
  task: (id: string) => `/tasks/${encodeURIComponent(id)}`,
  messages: '/messages',
  chat: '/chat',
  chatWith: (userId: string) => `/chat/${encodeURIComponent(userId)}`,
  certificates: '/certificates',
  /** A student's or a startup's payments: what approved paid work owes, each step recorded. */
  payments: '/payments',
  payment: (id: string) => `/payments/${encodeURIComponent(id)}`,
  verifyCertificate: (number: string) => `/verify/${encodeURIComponent(number)}`,
  student: {
    dashboard: '/student/dashboard',
    /** The tasks startups invited the student to, to accept or decline. */
    invitations: '/student/invitations',
  },
  startup: {
    dashboard: '/startup/dashboard',
    postWork: '/startup/post-work',
    browseStudents: '/startup/browse-students',
    students: '/startup/students',
    student: (studentId: string) => `/startup/students/${encodeURIComponent(studentId)}`,
    submissions: '/startup/submissions',
    tasks: '/startup/tasks',
    task: (id: string) => `/startup/tasks/${encodeURIComponent(id)}`,
    detail: (id: string) => `/startup/${encodeURIComponent(id)}`,
  },
  admin: {
    dashboard: '/admin/dashboard',
    audit: '/admin/audit',
    student: (id: string) => `/admin/students/${encodeURIComponent(id)}`,
    studentTasks: (id: string) => `/admin/students/${encodeURIComponent(id)}/tasks`,
    studentProfile: (id: string) => `/admin/students/${encodeURIComponent(id)}/profile`,
    startup: (id: string) => `/admin/startups/${encodeURIComponent(id)}`,
    startupProfile: (id: string) => `/admin/startups/${encodeURIComponent(id)}/profile`,
    startupTasks: (id: string) => `/admin/startups/${encodeURIComponent(id)}/tasks`,
  },
} as const

export const SUPPORT_EMAIL = 'support@bridgework.app'
export const HELP_EMAIL = 'help@bridgework.app'
export const SOCIAL_URL = 'https://www.linkedin.com/company/bridgework'
