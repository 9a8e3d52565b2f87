// How money reads on every card and page: a task's budget in its currency (docs/marketplace.md,
// "Screens: pay and the task page"), entered in major units, and a payment's amount, an integer in
// the currency's minor unit.

/** The currencies the Post New Work form offers; the server takes any ISO 4217 code. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'CAD', 'AUD', 'SGD'] as const

/** A task's currency before the server sent one (it always does since migration 0017). */
export const DEFAULT_CURRENCY = 'USD'

const formats = new Map<string, Intl.NumberFormat>()

/**
 * The format of amounts in currency: up to 2 decimals, none when whole, or exactly `decimals`
 * (a payment's amount with cents shows all of them: "$150.50").
 */
function amountFormat(currency: string, decimals?: number): Intl.NumberFormat {
  const key = `${currency}:${decimals ?? ''}`
  let format = formats.get(key)
  if (!format) {
    const digits = { minimumFractionDigits: decimals ?? 0, maximumFractionDigits: decimals ?? 2 }
    try {
      format = new Intl.NumberFormat('en', { style: 'currency', currency, ...digits })
    } catch {
      // A code this browser does not know: the code itself still says what the amount is in.
      format = new Intl.NumberFormat('en', { style: 'currency', currency: DEFAULT_CURRENCY, currencyDisplay: 'code', ...digits })
    }
    formats.set(key, format)
  }
  return format
}

/** One amount in a currency: formatAmount(250, 'USD') is "$250". */
export function formatAmount(amount: number, currency: string = DEFAULT_CURRENCY): string {
  return amountFormat(currency || DEFAULT_CURRENCY).format(amount)
}

const digitsOf = new Map<string, number>()

/**
 * How many digits follow the decimal point in code's amounts, by its ISO 4217 exponent as the
 * browser knows it: 2 for USD, 0 for JPY, 3 for KWD; 2 for a code it does not know, as the
 * server's package money has it.
 */
export function currencyDigits(currency: string = DEFAULT_CURRENCY): number {
  const code = currency || DEFAULT_CURRENCY
  let digits = digitsOf.get(code)
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
    } catch {
      digits = 2
    }
    digitsOf.set(code, digits)
  }
  return digits
}

/** An amount in the currency's minor unit in its major unit: toMajor(15025, 'USD') is 150.25. */
export function toMajor(minor: number, currency: string = DEFAULT_CURRENCY): number {
  return minor / 10 ** currencyDigits(currency)
}

/**
 * A payment's amount, given in the currency's minor unit: formatMinor(20000, 'USD') is "$200",
 * formatMinor(15050, 'USD') "$150.50" (every decimal once there are any), formatMinor(8000, 'JPY') "¥8,000".
 */
export function formatMinor(minor: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency || DEFAULT_CURRENCY
  const major = toMajor(minor, code)
  return amountFormat(code, Number.isInteger(major) ? 0 : currencyDigits(code)).format(major)
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
