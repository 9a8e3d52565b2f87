import { ComingSoon } from '@/components/ui/coming-soon'

/** /messages. Placeholder until its issue builds the screen. */
export function MessagesPage() {
  return <ComingSoon title="Messages" description="Your conversations." />
}
