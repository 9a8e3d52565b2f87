import type { components } from '@/types/api.gen'

// Payments' shapes. Those the API documents are generated from its OpenAPI document
// (backend/httpapi/openapi/payments.json); the Stripe mode's are written here until the API
// documents them too.

/** What one approved submission of a paid task owes its student; `amount` is in minor units. */
export type Payment = components['schemas']['Payment']

export type PaymentStatus = Payment['status']

/** How a startup says it paid, offline (POST /api/payments/{id}/sent). */
export type PaymentMethod = components['schemas']['PaymentSentRequest']['method']

/** A startup's record of paying for approved work, on its tasks and its profile. */
export type PaymentRecord = components['schemas']['PaymentRecord']

/** GET /api/payments/provider: how this deployment pays (PAYMENTS), and Bridgework's fee. */
export type PaymentProvider = {
  provider: 'offline' | 'stripe'
  platformFeePercent: number
}

/** GET /api/student/payouts: whether the student's Stripe payout account takes money yet. */
export type PayoutStatus = { status: 'none' | 'pending' | 'enabled' }

/** POST /api/student/payouts/onboarding and POST /api/startup/tasks/{id}/funding: Stripe's page. */
export type StripeRedirect = { url: string }
