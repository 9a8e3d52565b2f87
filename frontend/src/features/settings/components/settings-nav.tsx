import { SETTINGS_SECTIONS } from '../schemas'

type SectionKey = keyof typeof SETTINGS_SECTIONS

/** The page's table of contents: a link to each section it shows, in order. */
export function SettingsNav({ sections }: { sections: SectionKey[] }) {
  return (
    <nav aria-label="Settings sections" className="md:sticky md:top-24">
      <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
        {sections.map((key) => (
          <li key={key}>
            <a
              href={`#${SETTINGS_SECTIONS[key].id}`}
              className="block rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:ring-0"
            >
              {SETTINGS_SECTIONS[key].title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
