import { ComingSoon } from '@/components/ui/coming-soon'

/** /chat and /chat/:userId. Placeholder until its issue builds the screen. */
export function ChatPage() {
  return <ComingSoon title="Chat" description="Chat live with startups and students." />
}
