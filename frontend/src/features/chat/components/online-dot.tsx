import { cn } from '@/lib/cn'

/** The green (online) or grey (offline) dot on an avatar, with its meaning for screen readers. */
export function OnlineDot({ online, className }: { online: boolean; className?: string }) {
  const label = online ? 'Online' : 'Offline'
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-online={online}
      className={cn('absolute bottom-0 right-0 block size-3 rounded-full ring-2 ring-white', online ? 'bg-emerald-500' : 'bg-slate-300', className)}
    />
  )
}
