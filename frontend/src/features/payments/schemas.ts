import { z } from '@/lib/zod'

// The payment steps' forms, with the texts the server answers (backend/payments, validateStep).

export const REFERENCE_MAX = 200
export const NOTE_MAX = 1000
export const METHOD_REQUIRED = 'Choose how you paid: bank-transfer, upi, paypal or other'
export const REFERENCE_TOO_LONG = 'Reference must be at most 200 characters'
export const NOTE_REQUIRED = 'Say what is wrong: a note is required'
export const NOTE_TOO_LONG = 'Note must be at most 1000 characters'

/** The method select starts on none ("") until the startup picks how it paid. */
export const markSentSchema = z.object({
  method: z.enum(['', 'bank-transfer', 'upi', 'paypal', 'other'], { error: METHOD_REQUIRED }).refine((method) => method !== '', METHOD_REQUIRED),
  reference: z.string().trim().max(REFERENCE_MAX, REFERENCE_TOO_LONG),
})

/** The form's fields: the method may still be none. */
export type MarkSentFields = z.input<typeof markSentSchema>

/** What a valid form gives: a method, and the reference trimmed. */
export type MarkSentValues = z.output<typeof markSentSchema>

export const markSentDefaults: MarkSentFields = { method: '', reference: '' }

export const notReceivedSchema = z.object({
  note: z.string().trim().min(1, NOTE_REQUIRED).max(NOTE_MAX, NOTE_TOO_LONG),
})

export type NotReceivedValues = z.infer<typeof notReceivedSchema>
