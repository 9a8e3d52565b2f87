import { lazy, Suspense, type ComponentProps } from 'react'

// The link form validates with react-hook-form and zod (~30 KB brotli with the other forms'
// shared code). The dashboards paint without them: the form comes in its own chunk, asked for
// as the dashboard first renders, and a placeholder of its height holds its place meanwhile
// (docs/performance.md, "Web app: first load and LCP").
const LinkSubmitForm = lazy(() => import('./link-submit-form').then((m) => ({ default: m.LinkSubmitForm })))

/** LinkSubmitForm, loaded on first render; until then an empty box of the form's height. */
export function LazyLinkSubmitForm(props: ComponentProps<typeof LinkSubmitForm>) {
  return (
    <Suspense fallback={<div className={props.defaultLink ? 'h-8' : 'h-10'} />}>
      <LinkSubmitForm {...props} />
    </Suspense>
  )
}
