import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input, inputClasses } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import type { TaskQuery } from '@/types/tasks'

/** What the budget filter compares in (GET /api/currency-rates) and where it starts. */
export type PayCurrencies = {
  /** The server's base currency: what the order and the range are compared in. */
  base: string
  /** The currencies with a rate, the base among them: those a range may be in. */
  currencies: string[]
  /** The viewer's currency until they choose one (defaultPayCurrency). */
  defaultCurrency: string
}

type BudgetFilterProps = {
  query: TaskQuery
  pay: PayCurrencies
  onChange: (change: Partial<TaskQuery>) => void
}

/** The range's end as a number, or the reason it is not one ('' for an empty end). */
function readAmount(text: string): number | '' | 'bad' {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  const amount = Number(trimmed)
  return Number.isFinite(amount) && amount >= 0 ? amount : 'bad'
}

/**
 * The filter panel's budget range: a min and a max in a currency the viewer picks, which the server
 * compares with every task's budget at its fixed rates. The amounts apply with Apply (or Enter),
 * the currency as soon as it is picked; both stay in the URL.
 */
export function BudgetFilter({ query, pay, onChange }: BudgetFilterProps) {
  const [min, setMin] = useState(query.payMin ?? '')
  const [max, setMax] = useState(query.payMax ?? '')
  const [error, setError] = useState<string>()
  useEffect(() => setMin(query.payMin ?? ''), [query.payMin])
  useEffect(() => setMax(query.payMax ?? ''), [query.payMax])
  const currencyId = useId()
  const currency = query.payCurrency || pay.defaultCurrency
  // The URL's currency may be one the server no longer rates: it is still offered, and the
  // server's answer says what is wrong.
  const offered = pay.currencies.includes(currency) ? pay.currencies : [currency, ...pay.currencies]

  const apply = (payCurrency: string) => {
    const [low, high] = [readAmount(min), readAmount(max)]
    if (low === 'bad' || high === 'bad') {
      setError('Enter amounts of 0 or more')
      return
    }
    if (low !== '' && high !== '' && high < low) {
      setError('The max must not be below the min')
      return
    }
    setError(undefined)
    onChange({ payMin: min.trim() || undefined, payMax: max.trim() || undefined, payCurrency, page: 1 })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    apply(currency)
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-700">Budget range</legend>
        <div className="flex flex-wrap items-end gap-2">
          <Input
            label="Minimum budget"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="Min"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            containerClassName="w-32"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${currencyId}-error` : `${currencyId}-hint`}
          />
          <Input
            label="Maximum budget"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="Max"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            containerClassName="w-32"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${currencyId}-error` : `${currencyId}-hint`}
          />
          <div className="space-y-1.5">
            <label htmlFor={currencyId} className="block text-sm font-medium text-slate-700">
              Budget currency
            </label>
            <select
              id={currencyId}
              value={currency}
              onChange={(event) => apply(event.target.value)}
              className={cn(inputClasses, 'w-24 border-slate-300')}
            >
              {offered.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </div>
        {error ? (
          <p id={`${currencyId}-error`} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : (
          <p id={`${currencyId}-hint`} className="text-sm text-slate-500">
            Compared approximately in {pay.base}, at fixed rates.
          </p>
        )}
      </fieldset>
    </form>
  )
}
