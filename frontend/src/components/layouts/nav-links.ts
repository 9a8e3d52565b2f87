import { paths } from '@/config/paths'
import type { User } from '@/types/api'

export type NavItem = {
  label: string
  to: string
  end?: boolean
  /** Chat and Messages: the link shows how many chat messages are unread. */
  showsUnreadMessages?: boolean
}

/**
 * The navigation bar's links for a viewer (spec §2 "Navigation bar"):
 * Home, Dashboard, Tasks, Chat, Messages; Tasks, Chat and Messages hidden for an admin;
 * Certificates only for a user who is neither startup nor admin; Invitations only for a student;
 * Submissions and Students only for a startup; Payments for students and startups, the two sides of a payment. Signed-out
 * visitors see Home and Tasks (the pages open to them).
 */
export function navLinksFor(user: Pick<User, 'userType'> | null, isSignedIn: boolean): NavItem[] {
  const home: NavItem = { label: 'Home', to: paths.home, end: true }
  const tasks: NavItem = { label: 'Tasks', to: paths.tasks }
  if (!isSignedIn) return [home, tasks]

  const type = user?.userType
  const items: NavItem[] = [home, { label: 'Dashboard', to: paths.dashboard }]
  if (type !== 'admin') {
    items.push(
      tasks,
      { label: 'Chat', to: paths.chat, showsUnreadMessages: true },
      { label: 'Messages', to: paths.messages, showsUnreadMessages: true },
    )
  }
  if (type !== 'startup' && type !== 'admin') {
    items.push({ label: 'Certificates', to: paths.certificates })
  }
  if (type === 'student') items.push({ label: 'Invitations', to: paths.student.invitations })
  if (type === 'startup') {
    items.push({ label: 'Submissions', to: paths.startup.submissions }, { label: 'Students', to: paths.startup.students })
  }
  if (type === 'student' || type === 'startup') items.push({ label: 'Payments', to: paths.payments })
  return items
}
