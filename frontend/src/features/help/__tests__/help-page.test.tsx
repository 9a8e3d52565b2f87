import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { db } from '@/testing/mocks/db'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import { isValidPhone } from '../schemas'

async function setup() {
  const view = await renderApp('/help')
  const form = screen.getByRole('form', { name: 'Help request' })
  return {
    ...view,
    form,
    phone: () => within(form).getByLabelText(/^Phone number/),
    email: () => within(form).getByLabelText(/^Email/),
    topic: () => within(form).getByRole('combobox', { name: /^Topic/ }),
    message: () => within(form).getByRole('textbox', { name: /^Message/ }),
    /** The form's own fields, so a test about the spec's fields meets only their messages. */
    describeProblem: async (topic = 'Payments', text = 'My payout has not arrived.') => {
      await view.events.selectOptions(within(form).getByRole('combobox', { name: /^Topic/ }), topic)
      await view.events.type(within(form).getByRole('textbox', { name: /^Message/ }), text)
    },
    submit: () => view.events.click(within(form).getByRole('button', { name: 'Submit' })),
  }
}

describe('/help', () => {
  it('is the Help Center', async () => {
    await setup()
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument()
  })

  it('both empty: the required message beside both inputs', async () => {
    const { submit, phone, email } = await setup()
    await submit()
    expect(phone()).toHaveAccessibleDescription('Both phone number and email are required.')
    expect(email()).toHaveAccessibleDescription('Both phone number and email are required.')
    expect(db.helpRequests).toHaveLength(0)
  })

  it('one empty: the required message beside the empty one only', async () => {
    const { submit, phone, email, events } = await setup()
    await events.type(phone(), '+1 555 123 4567')
    await submit()
    expect(email()).toHaveAccessibleDescription('Both phone number and email are required.')
    expect(phone()).not.toHaveAttribute('aria-invalid')

    await events.clear(phone())
    await events.type(email(), 'ada@example.com')
    await submit()
    expect(phone()).toHaveAccessibleDescription('Both phone number and email are required.')
    expect(email()).not.toHaveAttribute('aria-invalid')
  })

  it('checks the email first: a bad email and a bad phone show only the email message', async () => {
    const { submit, phone, email, events, describeProblem } = await setup()
    await describeProblem()
    await events.type(phone(), '123')
    await events.type(email(), 'ada@example')
    await submit()
    expect(email()).toHaveAccessibleDescription('Please enter a valid email address.')
    expect(phone()).not.toHaveAttribute('aria-invalid')
    expect(within(screen.getByRole('form', { name: 'Help request' })).getAllByRole('alert')).toHaveLength(1)
  })

  it('then the phone', async () => {
    const { submit, phone, email, events } = await setup()
    await events.type(phone(), '12345')
    await events.type(email(), 'ada@example.com')
    await submit()
    expect(phone()).toHaveAccessibleDescription('Please enter a valid phone number.')
    expect(email()).not.toHaveAttribute('aria-invalid')
  })

  it('sends a valid request and shows the thank-you message', async () => {
    const { submit, phone, email, events, form, describeProblem, message } = await setup()
    await describeProblem('Payments', '  My payout has not arrived.  ')
    await events.type(phone(), '(555) 123-4567')
    await events.type(email(), 'ada@example.com')
    await submit()
    expect(await within(form).findByRole('status')).toHaveTextContent("Thank you! We'll reach out to you at the earliest.")
    expect(screen.getAllByText("Thank you! We'll reach out to you at the earliest.")).toHaveLength(2) // panel + toast
    expect(db.helpRequests).toEqual([{ phone: '(555) 123-4567', email: 'ada@example.com', topic: 'payments', message: 'My payout has not arrived.' }])
    expect(phone()).toHaveValue('')
    expect(message()).toHaveValue('')
  })

  it('shows the failure message when the server refuses', async () => {
    server.use(http.post('*/api/help', () => HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })))
    const { submit, phone, email, events, form, describeProblem } = await setup()
    await describeProblem()
    await events.type(phone(), '5551234567')
    await events.type(email(), 'ada@example.com')
    await submit()
    const alert = await within(form).findByText('Failed to submit. Please try again later.')
    expect(within(form).getByRole('alert')).toContainElement(alert)
    expect(within(form).queryByRole('status')).not.toBeInTheDocument()
  })

  it('puts server field errors on the inputs', async () => {
    server.use(
      http.post('*/api/help', () =>
        HttpResponse.json({ message: 'Invalid input', code: 'invalid', fields: { phone: 'Please enter a valid phone number.' } }, { status: 400 }),
      ),
    )
    const { submit, phone, email, events, describeProblem } = await setup()
    await describeProblem()
    await events.type(phone(), '5551234567')
    await events.type(email(), 'ada@example.com')
    await submit()
    await screen.findByText('Please enter a valid phone number.')
    expect(phone()).toHaveAccessibleDescription('Please enter a valid phone number.')
  })
})

describe('/help: the topic and the message', () => {
  it("offers the topics under a labelled select and counts the message's characters", async () => {
    const { topic, message, events } = await setup()
    expect(
      within(topic())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a topic', 'Account and sign-in', 'Tasks and submissions', 'Payments', 'Certificates', 'Something else'])
    expect(message()).toHaveAccessibleDescription('0 of 2000 characters')
    await events.type(message(), 'Hello')
    expect(message()).toHaveAccessibleDescription('5 of 2000 characters')
  })

  it("asks for both beside the spec's fields, and sends nothing", async () => {
    const { submit, topic, message, phone, events } = await setup()
    await events.type(phone(), '5551234567')
    await submit()
    expect(topic()).toHaveAccessibleDescription('Please choose what your question is about.')
    expect(message()).toHaveAccessibleDescription('Please tell us what is wrong.')
    expect(db.helpRequests).toHaveLength(0)
  })

  it('refuses a message over 2000 characters', async () => {
    const { submit, phone, email, message, events, describeProblem } = await setup()
    await describeProblem('Something else', 'x')
    await events.click(message())
    await events.paste('y'.repeat(2000))
    await events.type(phone(), '5551234567')
    await events.type(email(), 'ada@example.com')
    await submit()
    expect(message()).toHaveAccessibleDescription('Please keep the message to 2000 characters.')
    expect(db.helpRequests).toHaveLength(0)
  })
})

describe('isValidPhone', () => {
  it.each([
    ['5551234567', true],
    ['+15551234567', true],
    ['+1 (555) 123-4567', true],
    ['555.123.4567', true],
    ['123456789012345', true],
    ['1234567890123456', false],
    ['555123456', false],
    ['++15551234567', false],
    ['555-123-456a', false],
    ['1555+1234567', false],
  ])('%s → %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid)
  })
})
