import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'

type AuthLayoutProps = {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}

/** The centred card that every sign-in, sign-up and password screen sits in. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <title>{`${title} · Bridgework`}</title>
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 space-y-1 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        {children}
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </Card>
    </div>
  )
}

export const textLinkClasses =
  'font-medium text-indigo-700 hover:text-indigo-900 hover:underline rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
