import { ShieldCheck } from 'lucide-react'
import { cn } from '@/lib/cn'
import { Badge } from './badge'

/**
 * "nimbus.io verified": the startup proved by a mailed link that it controls this domain. The
 * label is the text itself, so screen readers read what sighted users see; the title says what
 * it means.
 */
export function VerifiedBadge({ domain, className }: { domain: string; className?: string }) {
  return (
    <Badge tone="success" className={cn('gap-1', className)} title={`Bridgework checked that this company controls ${domain}`}>
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      {domain} verified
    </Badge>
  )
}
