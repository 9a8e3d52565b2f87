import { cn } from '@/lib/cn'

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' }

type SpinnerProps = {
  size?: keyof typeof sizes
  /** Accessible name; ignored when decorative. */
  label?: string
  /** Inside a control that already says it is busy: hide from assistive technology. */
  decorative?: boolean
  className?: string
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  const circle = (
    <span aria-hidden="true" className={cn('inline-block animate-spin rounded-full border-current border-r-transparent', sizes[size], className)} />
  )
  if (decorative) return circle
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {circle}
    </span>
  )
}
