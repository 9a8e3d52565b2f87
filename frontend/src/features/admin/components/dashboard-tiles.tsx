import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'

type TileProps = {
  to: string
  icon: ReactNode
  label: string
  /** The tile's figure; undefined while it loads, none for a tile that only leads somewhere. */
  count?: number | null
  hint?: string
}

/**
 * A dashboard tile: a link to its list or section, so it is reached with Tab, opened with Enter
 * and can be opened in a new tab, with its figure as part of its name.
 */
export function Tile({ to, icon, label, count, hint }: TileProps) {
  const hintId = useId()
  const className =
    'flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition ' +
    'hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
  const body = (
    <>
      <span className="text-indigo-600">{icon}</span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-600">{label}</span>
        {count !== null && <span className="block text-3xl font-bold text-slate-900 tabular-nums">{count ?? '–'}</span>}
        {hint && (
          <span id={hintId} aria-hidden="true" className="block text-sm text-slate-500">
            {hint}
          </span>
        )}
      </span>
    </>
  )
  // The hint describes the tile rather than naming it (hidden from the name, read as the
  // description), so the tile's name stays "Audit trail".
  const describedBy = hint ? hintId : undefined
  // A same-page section is an anchor (the browser scrolls to it); a route is a router link.
  return to.startsWith('#') ? (
    <a href={to} className={className} aria-describedby={describedBy}>
      {body}
    </a>
  ) : (
    <Link to={to} className={className} aria-describedby={describedBy}>
      {body}
    </Link>
  )
}

/** An activity figure: a label and its number, not a link. */
export function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900 tabular-nums">{value ?? '–'}</dd>
    </div>
  )
}
