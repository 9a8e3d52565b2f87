import { ComingSoon } from '@/components/ui/coming-soon'

/** /verify/:number (public). Placeholder until its issue builds the screen. */
export function VerifyCertificatePage() {
  return <ComingSoon title="Verify a certificate" description="Check that a Bridgework certificate is genuine." />
}
