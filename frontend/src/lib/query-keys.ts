// Every TanStack Query key of the app, in one place, so each feature's live-event handlers
// (<feature>/realtime.ts) can update or invalidate exactly what an event changes. Keys are hierarchical: invalidating a prefix
// (e.g. queryKeys.tasks.all) refreshes every list below it.
export const queryKeys = {
  me: ['me'] as const,
  sessions: ['sessions'] as const,
  users: {
    all: ['users'] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
  },
  profile: {
    student: ['profile', 'student'] as const,
  },
  students: {
    all: ['students'] as const,
    list: (skills: string, page: number) => ['students', 'list', skills, page] as const,
    detail: (id: string) => ['students', 'detail', id] as const,
  },
  startups: {
    all: ['startups'] as const,
    detail: (id: string) => ['startups', 'detail', id] as const,
  },
  tasks: {
    all: ['tasks'] as const,
    list: (params: Record<string, unknown>) => ['tasks', 'list', params] as const,
    detail: (id: string) => ['tasks', 'detail', id] as const,
    /** GET /api/tasks/{id}, as the signed-in viewer (or a visitor) sees it. */
    page: (id: string, viewerId: string) => ['tasks', 'page', id, viewerId] as const,
    startup: ['tasks', 'startup'] as const,
    student: ['tasks', 'student'] as const,
    studentList: (scope: string, params: Record<string, unknown>) => ['tasks', 'student', scope, params] as const,
    /** Every page and filter of studentList('available', …): the open market as a student sees it. */
    available: ['tasks', 'student', 'available'] as const,
    startupList: (params: Record<string, unknown>) => ['tasks', 'startup', params] as const,
    startupCounts: (params: Record<string, unknown>) => ['tasks', 'startup', 'counts', params] as const,
    submissions: (params: Record<string, unknown>) => ['tasks', 'submissions', params] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    student: ['dashboard', 'student'] as const,
    /** Open tasks ranked for the student (their dashboard's Available Tasks): refreshed with the dashboard. */
    recommended: ['dashboard', 'student', 'recommended'] as const,
    startup: ['dashboard', 'startup'] as const,
    admin: (kind: string, id: string) => ['dashboard', 'admin', kind, id] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (role: string) => ['notifications', role] as const,
  },
  certificates: {
    all: ['certificates'] as const,
    list: (page: number) => ['certificates', 'list', page] as const,
    badges: ['certificates', 'badges'] as const,
    verify: (number: string) => ['certificates', 'verify', number] as const,
    /** The certificate's signed credential, checked by POST /api/credentials/verify. */
    credential: (number: string) => ['certificates', 'credential', number] as const,
  },
  chat: {
    all: ['chat'] as const,
    conversations: ['chat', 'conversations'] as const,
    threads: ['chat', 'thread'] as const,
    thread: (userId: string) => ['chat', 'thread', userId] as const,
    /** GET /api/chat/{userId}?q=: one conversation's messages containing q. */
    search: (userId: string, q: string) => ['chat', 'search', userId, q] as const,
    allPartners: ['chat', 'partners'] as const,
    partners: (role: string) => ['chat', 'partners', role] as const,
  },
  admin: {
    all: ['admin'] as const,
    stats: ['admin', 'stats'] as const,
    activity: ['admin', 'activity'] as const,
    /** A page of the admin's students or startups table, as searched and sorted. */
    users: (kind: string, params: { page: number; search: string; sort: string }) => ['admin', kind, params] as const,
    helpRequests: (page: number) => ['admin', 'help', page] as const,
    audit: (params: Record<string, unknown>) => ['admin', 'audit', params] as const,
  },
  /** The caller's payments (GET /api/payments), by status and page, and one payment. */
  payments: {
    all: ['payments'] as const,
    list: (params: Record<string, unknown>) => ['payments', 'list', params] as const,
    detail: (id: string) => ['payments', 'detail', id] as const,
  },
  /** GET /api/currency-rates: what pay is compared in, for the deployment's whole run. */
  currencyRates: ['currency-rates'] as const,
  /** GET /api/payments/provider: offline or Stripe, for the deployment's whole run. */
  paymentProvider: ['payment-provider'] as const,
  /** A student's Stripe payout account (GET /api/student/payouts). */
  payouts: ['payouts'] as const,
  /** The visible ratings about a user (reviews on a profile), by page. */
  reviews: {
    all: ['reviews'] as const,
    user: (userId: string) => ['reviews', userId] as const,
    page: (userId: string, page: number) => ['reviews', userId, page] as const,
  },
  securityEvents: ['security-events'] as const,
  /** The student's saved searches (GET /api/student/saved-searches). */
  savedSearches: ['saved-searches'] as const,
  /** The signed-in user's email choices (GET /api/me/notification-settings). */
  notificationSettings: ['notification-settings'] as const,
  /** Students ranked for a startup's task, or for a draft's skills and category (Find Students). */
  matches: {
    all: ['matches'] as const,
    task: (taskId: string, page: number) => ['matches', 'task', taskId, page] as const,
    draft: (skills: string, category: string) => ['matches', 'draft', skills, category] as const,
  },
  /** Invitations to tasks: a student's own, and those a startup sent for one of its tasks. */
  invitations: {
    all: ['invitations'] as const,
    student: (page: number) => ['invitations', 'student', page] as const,
    task: (taskId: string) => ['invitations', 'task', taskId] as const,
  },
  /** The ratings the signed-in user gave (GET /api/me/ratings), hidden ones too. */
  ratings: {
    mine: ['ratings', 'mine'] as const,
  },
} as const
