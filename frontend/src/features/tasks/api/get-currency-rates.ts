import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/types/api.gen'

/** What "Highest pay" and the budget filter compare in: the base currency and fixed rates into it. */
export type CurrencyRates = components['schemas']['CurrencyRates']

/** GET /api/currency-rates (public): the operator's fixed, approximate rates (CURRENCY_RATES). */
export function getCurrencyRates(): Promise<CurrencyRates> {
  return api.get<CurrencyRates>('/currency-rates')
}

/** The rates, asked once per load: they change only when the server restarts. */
export function useCurrencyRates() {
  return useQuery({ queryKey: queryKeys.currencyRates, queryFn: getCurrencyRates, staleTime: Infinity })
}
