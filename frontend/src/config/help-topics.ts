/**
 * What a Help Center request can be about: the values POST /api/help accepts as `topic`, with the
 * words the form and the admin's list show. The server's list is help.Topics.
 */
export const HELP_TOPICS = [
  { value: 'account', label: 'Account and sign-in' },
  { value: 'tasks', label: 'Tasks and submissions' },
  { value: 'payments', label: 'Payments' },
  { value: 'certificates', label: 'Certificates' },
  { value: 'other', label: 'Something else' },
] as const

export type HelpTopic = (typeof HELP_TOPICS)[number]['value']

/** The longest message a request keeps, in characters (help.MaxMessageLength). */
export const HELP_MESSAGE_MAX = 2000

/** A stored topic in words; requests from clients that send none have ''. */
export function helpTopicLabel(topic: string): string {
  return HELP_TOPICS.find((t) => t.value === topic)?.label ?? (topic || 'No topic')
}
