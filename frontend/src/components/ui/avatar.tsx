import { useState } from 'react'
import { cn } from '@/lib/cn'

const sizes = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl' }

type AvatarProps = {
  /** Picture URL; when missing or broken the initial is shown instead. */
  src?: string | null
  /** The letter(s) shown without a picture, e.g. from `avatarInitial(user)`. */
  initials: string
  /** Accessible name (usually the person's or company's name). Omit when decorative. */
  alt?: string
  size?: keyof typeof sizes
  className?: string
}

export function Avatar({ src, initials, alt, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const showImage = Boolean(src) && failedSrc !== src
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-100 font-semibold text-indigo-700',
        sizes[size],
        className,
      )}
      role={alt && !showImage ? 'img' : undefined}
      aria-label={alt && !showImage ? alt : undefined}
      aria-hidden={alt ? undefined : true}
    >
      {showImage ? (
        <img src={src!} alt={alt ?? ''} className="size-full object-cover" onError={() => setFailedSrc(src!)} />
      ) : (
        <span aria-hidden="true" data-testid="avatar-initials">
          {initials}
        </span>
      )}
    </span>
  )
}
