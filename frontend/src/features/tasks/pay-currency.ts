// Which currency the budget filter starts in for a viewer who has not chosen one: the currency
// of their locale's region when the server has a rate for it, else the server's base currency.

/** The currency of the regions whose locales the server's default rates cover. */
const currencyOfRegion: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  IN: 'INR',
  CA: 'CAD',
  AU: 'AUD',
  SG: 'SGD',
  NZ: 'NZD',
  CH: 'CHF',
  JP: 'JPY',
  CN: 'CNY',
  HK: 'HKD',
  KR: 'KRW',
  BR: 'BRL',
  MX: 'MXN',
  ZA: 'ZAR',
  NG: 'NGN',
  KE: 'KES',
  AE: 'AED',
  SA: 'SAR',
  BH: 'BHD',
  PK: 'PKR',
  BD: 'BDT',
  PH: 'PHP',
  ID: 'IDR',
  SE: 'SEK',
  NO: 'NOK',
  PL: 'PLN',
  AT: 'EUR',
  BE: 'EUR',
  CY: 'EUR',
  DE: 'EUR',
  EE: 'EUR',
  ES: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  GR: 'EUR',
  HR: 'EUR',
  IE: 'EUR',
  IT: 'EUR',
  LT: 'EUR',
  LU: 'EUR',
  LV: 'EUR',
  MT: 'EUR',
  NL: 'EUR',
  PT: 'EUR',
  SI: 'EUR',
  SK: 'EUR',
}

/** The region of a locale tag ("en-IN" is IN; "fr" is FR once likely subtags are added). */
function regionOf(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).maximize().region
  } catch {
    return undefined
  }
}

/** The budget filter's currency before the viewer picks one: their locale's, if it has a rate. */
export function defaultPayCurrency(locales: readonly string[], rated: readonly string[], base: string): string {
  for (const locale of locales) {
    const currency = currencyOfRegion[regionOf(locale) ?? '']
    if (currency && rated.includes(currency)) return currency
  }
  return base
}
