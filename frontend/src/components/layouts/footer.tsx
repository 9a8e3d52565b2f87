import { Mail, Share2 } from 'lucide-react'
import { Link } from 'react-router'
import { HELP_EMAIL, SOCIAL_URL, SUPPORT_EMAIL, paths } from '@/config/paths'

const linkClasses =
  'rounded text-sm text-slate-600 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-2 lg:col-span-2">
          <p className="text-lg font-bold text-slate-900">Bridgework</p>
          <p className="max-w-sm text-sm text-slate-600">
            Real, paid work from startups for students who want to learn by doing. Connect. Learn. Grow.
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold text-slate-900">Quick links</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.home} className={linkClasses}>
                Home
              </Link>
            </li>
            <li>
              <Link to={paths.tasks} className={linkClasses}>
                Browse Tasks
              </Link>
            </li>
            <li>
              <Link to={paths.register} className={linkClasses}>
                Join as Student
              </Link>
            </li>
            <li>
              <Link to={`${paths.register}?type=startup`} className={linkClasses}>
                Join as Startup
              </Link>
            </li>
            <li>
              <Link to={paths.help} className={linkClasses}>
                Help Center
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Support</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClasses} inline-flex items-center gap-1.5`}>
                <Mail className="size-4" aria-hidden="true" />
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <a href={`mailto:${HELP_EMAIL}`} className={`${linkClasses} inline-flex items-center gap-1.5`}>
                <Mail className="size-4" aria-hidden="true" />
                {HELP_EMAIL}
              </a>
            </li>
            <li>
              <a href={SOCIAL_URL} target="_blank" rel="noopener noreferrer" className={`${linkClasses} inline-flex items-center gap-1.5`}>
                <Share2 className="size-4" aria-hidden="true" />
                Bridgework on LinkedIn
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-100 py-4 text-center text-sm text-slate-500">© {new Date().getFullYear()} Bridgework</div>
    </footer>
  )
}
