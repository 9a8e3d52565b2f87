import { Award, BriefcaseBusiness, Handshake, MessagesSquare, TrendingUp, UserRoundPlus } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useIsAuthenticated } from '@/lib/auth-store'
import { usePaymentProvider } from '@/lib/payments/get-provider'

const features = [
  {
    icon: BriefcaseBusiness,
    title: 'Real, paid work',
    text: 'Startups post paid tasks. Students pick what fits their skills and submit their work with a link.',
  },
  {
    icon: MessagesSquare,
    title: 'In-app messaging',
    text: 'Talk to startups and students directly in the app: ask questions, share progress, get feedback.',
  },
  {
    icon: Award,
    title: 'Downloadable certificates',
    text: 'Every completed project earns a certificate you can download and share.',
  },
]

/**
 * How this deployment pays (PAYMENTS, GET /api/payments/provider): through Stripe Bridgework
 * holds the money; offline the startup pays and both record it. Said only once known, so the
 * page never promises what the deployment does not do.
 */
export const HOW_PAY_WORKS = {
  stripe: 'Funds held by Bridgework and paid out when your work is approved.',
  offline: 'Startups pay you directly; both sides record each payment on Bridgework.',
}

function stepsFor(pay: string) {
  return [
    { icon: UserRoundPlus, title: 'Create a profile', text: 'Sign up as a student or a startup and tell others what you do.' },
    { icon: Handshake, title: 'Connect and collaborate', text: 'Find the right task or the right student and work together.' },
    {
      icon: TrendingUp,
      title: 'Earn and grow',
      text: `${pay ? `${pay} ` : ''}Collect certificates and verified skills, and build your track record.`,
    },
  ]
}

/** The calls to action: to sign up, or for someone signed in, back to their own work. */
function PrimaryAction({ signedIn, label }: { signedIn: boolean; label: string }) {
  return (
    <Link to={signedIn ? paths.dashboard : paths.register} className={buttonClasses({ size: 'lg' })}>
      {signedIn ? 'Go to your dashboard' : label}
    </Link>
  )
}

/** `/`: open to everyone; a signed-in user is offered their dashboard instead of signing up. */
export function LandingPage() {
  const signedIn = useIsAuthenticated()
  const { data } = usePaymentProvider()
  const steps = stepsFor(data ? HOW_PAY_WORKS[data.provider === 'stripe' ? 'stripe' : 'offline'] : '')
  return (
    <>
      <title>Bridgework · Connect. Learn. Grow.</title>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600">Students × Startups</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">Connect. Learn. Grow.</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            Bridgework links students who want real experience with startups that need work done. Post tasks, submit work, chat, and earn certificates
            for every completed project.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <PrimaryAction signedIn={signedIn} label="Get Started" />
            <Link to={paths.tasks} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              Browse Tasks
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Everything you need to work together
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="size-8 text-indigo-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="steps-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            How it works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative rounded-2xl bg-slate-50 p-6">
                <span className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="mt-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <Icon className="size-5 text-indigo-600" aria-hidden="true" />
                  {title}
                </h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <PrimaryAction signedIn={signedIn} label="Create your profile" />
            <Link to={paths.tasks} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              See open tasks
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
