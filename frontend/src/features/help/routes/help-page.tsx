import type { HelpTopic } from '@/config/help-topics'
import { isApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useSubmitHelpRequest } from '../api/submit-help-request'
import { HelpPageView } from '../components/help-page-view'
import { HELP_FAILURE, HELP_SUCCESS } from '../schemas'

/** /help: the Help Center's form: a topic and a message beside the spec's phone and email (open to everyone). */
export function HelpPage() {
  const help = useSubmitHelpRequest({
    onSuccess: () => notify.success(HELP_SUCCESS),
    onError: (error) => {
      // Field errors from the server sit on the inputs; anything else is the generic failure.
      if (!(isApiError(error) && Object.keys(error.fields).length > 0)) notify.error(HELP_FAILURE)
    },
  })
  const hasFieldErrors = isApiError(help.error) && Object.keys(help.error.fields).length > 0
  const status = help.isSuccess ? 'success' : help.isError && !hasFieldErrors ? 'error' : 'idle'

  // helpFormSchema lets only a listed topic through, so the form's string is one of the API's.
  return (
    <HelpPageView
      onSubmit={(values) =>
        help.mutate({ phone: values.phone.trim(), email: values.email.trim(), topic: values.topic as HelpTopic, message: values.message.trim() })
      }
      isSubmitting={help.isPending}
      status={status}
      error={help.error}
    />
  )
}
