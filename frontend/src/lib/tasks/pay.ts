// How a task's pay reads on every card and page: the budget in its currency (issue 18, item 1).

/** The currencies the Post New Work form offers; the server takes any ISO 4217 code. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'CAD', 'AUD', 'SGD'] as const

/** A task's currency before the server sent one (it always does since migration 0017). */
export const DEFAULT_CURRENCY = 'USD'

const formats = new Map<string, Intl.NumberFormat>()

function amountFormat(currency: string): Intl.NumberFormat {
  let format = formats.get(currency)
  if (!format) {
    try {
      format = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 })
    } catch {
      // A code this browser does not know: the code itself still says what the amount is in.
      format = new Intl.NumberFormat('en', { style: 'currency', currency: DEFAULT_CURRENCY, currencyDisplay: 'code', minimumFractionDigits: 0, maximumFractionDigits: 2 })
    }
    formats.set(currency, format)
  }
  return format
}

/** One amount in a currency: formatAmount(250, 'USD') is "$250". */
export function formatAmount(amount: number, currency: string = DEFAULT_CURRENCY): string {
  return amountFormat(currency || DEFAULT_CURRENCY).format(amount)
}

type Budget = { min?: number | null; max?: number | null } | null | undefined

/**
 * A budget as "$100–$250", "$200" when min = max, "Up to $250" with only a max, "From $100"
 * with only a min, and "Unpaid" without either.
 */
export function formatPay(budget: Budget, currency: string | null | undefined = DEFAULT_CURRENCY): string {
  const code = currency || DEFAULT_CURRENCY
  const min = budget?.min && budget.min > 0 ? budget.min : 0
  const max = budget?.max && budget.max > 0 ? budget.max : 0
  if (!min && !max) return 'Unpaid'
  if (!min) return `Up to ${formatAmount(max, code)}`
  if (!max) return `From ${formatAmount(min, code)}`
  if (min === max) return formatAmount(min, code)
  return `${formatAmount(min, code)}–${formatAmount(max, code)}`
}

/** Whether a task pays at all (a budget above 0). */
export function isPaid(budget: Budget): boolean {
  return Boolean((budget?.min ?? 0) > 0 || (budget?.max ?? 0) > 0)
}
