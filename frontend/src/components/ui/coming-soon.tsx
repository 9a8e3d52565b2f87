import { Hammer } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from './badge'
import { Card } from './card'

type ComingSoonProps = { title: string; description?: ReactNode }

/** Placeholder panel for a screen whose real content a later issue builds. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <title>{`${title} · Bridgework`}</title>
      <Card className="p-8 text-center">
        <Hammer className="mx-auto size-10 text-indigo-500" aria-hidden="true" />
        <Badge tone="brand" className="mt-4">
          Coming soon
        </Badge>
        <h1 id="coming-soon-title" className="mt-3 text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        {description && <p className="mt-2 text-slate-600">{description}</p>}
      </Card>
    </section>
  )
}
