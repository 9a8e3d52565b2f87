import { render, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { pagedJson } from '@/testing/mocks/paging'
import { server } from '@/testing/mocks/server'
import { makeRating, resetTrust, trust } from '@/testing/mocks/trust'
import { renderApp } from '@/testing/test-utils'
import { RatingSummary, ratingSummaryText } from '../rating-summary'

beforeEach(() => resetTrust())

describe('RatingSummary', () => {
  it('shows the average and count from 3 ratings, "New" below, nothing without a summary', () => {
    expect(ratingSummaryText({ average: 4.333, count: 12 })).toBe('★ 4.3 · 12 ratings')
    expect(ratingSummaryText({ average: 5, count: 3 })).toBe('★ 5.0 · 3 ratings')
    expect(ratingSummaryText({ average: null, count: 2 })).toBe('New: fewer than 3 ratings')
    expect(ratingSummaryText({ average: null, count: 0 })).toBe('No ratings yet')
    expect(ratingSummaryText(undefined)).toBeNull()

    const { container, rerender } = render(<RatingSummary rating={{ average: 4.3, count: 12 }} />)
    expect(screen.getByText('★ 4.3 · 12 ratings')).toBeInTheDocument()
    expect(screen.getByText('Rated 4.3 out of 5 from 12 ratings')).toBeInTheDocument()
    rerender(<RatingSummary rating={undefined} />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe('Reviews on profiles', () => {
  it("a startup sees a student's rating and reviews with the startup's answers, and cannot answer", async () => {
    const student = createUser({ firstName: 'Ada', lastName: 'Lovelace', rating: { average: 4.5, count: 4 } })
    server.use(http.get('*/api/startup/students/:id', () => HttpResponse.json({ student, submissions: [] })))
    trust.ratings = [
      makeRating(student._id, {
        stars: 4,
        comment: 'Clean work, on time.',
        taskTitle: 'Landing page',
        answer: 'Thanks, Ada!',
        rater: { _id: 'x', id: 'x', userType: 'startup', name: 'Nimbus', profilePicture: '' },
      }),
      makeRating(student._id, { stars: 5, comment: '', taskTitle: 'Logo' }),
    ]
    await renderApp(`/startup/students/${student._id}`, { as: 'startup' })
    expect(await screen.findByText('★ 4.5 · 4 ratings')).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Reviews' })
    const first = within(list).getByRole('listitem', { name: 'Review by Nimbus' })
    expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument()
    expect(within(first).getByText('Clean work, on time.')).toBeInTheDocument()
    expect(within(first).getByText('for “Landing page”')).toBeInTheDocument()
    expect(within(first).getByText('Thanks, Ada!')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument()
  })

  it('says No reviews yet when there are none', async () => {
    const student = createUser({ rating: { average: null, count: 0 } })
    server.use(http.get('*/api/startup/students/:id', () => HttpResponse.json({ student, submissions: [] })))
    await renderApp(`/startup/students/${student._id}`, { as: 'startup' })
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument()
    expect(screen.getByText('No ratings yet')).toBeInTheDocument()
  })

  it("the startup answers a review on its own page; the server's refusal is shown", async () => {
    const owner = createUser({ userType: 'startup', companyName: 'Mine', rating: { average: null, count: 2 } })
    server.use(http.get('*/api/startup/:id', () => HttpResponse.json({ startup: owner })))
    trust.ratings = [
      makeRating(owner._id, { comment: 'Clear brief.', rater: { _id: 's', id: 's', userType: 'student', name: 'Ada Lovelace', profilePicture: '' } }),
      makeRating(owner._id, {
        comment: 'Fine.',
        answer: 'Glad to hear.',
        rater: { _id: 't', id: 't', userType: 'student', name: 'Grace Hopper', profilePicture: '' },
      }),
    ]
    const { events } = await renderApp(`/startup/${owner._id}`, { as: owner })
    expect(await screen.findByText('New: fewer than 3 ratings')).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Reviews' })
    // Only the review without an answer offers Answer.
    expect(within(list).getAllByRole('button', { name: /^Answer/ })).toHaveLength(1)
    await events.click(within(list).getByRole('button', { name: "Answer Ada Lovelace's review" }))
    const field = screen.getByLabelText('Your answer')
    expect(field).toHaveFocus()
    expect(field).toHaveAttribute('maxlength', '1000')

    server.use(
      http.post('*/api/ratings/:id/answer', () => HttpResponse.json({ message: 'This rating is not visible yet.' }, { status: 409 }), { once: true }),
    )
    await events.type(field, 'Thank you, Ada!')
    await events.click(screen.getByRole('button', { name: 'Post answer' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This rating is not visible yet.')

    await events.click(screen.getByRole('button', { name: 'Post answer' }))
    expect(await within(list).findByText('Thank you, Ada!')).toBeInTheDocument()
    expect(trust.requests.find((r) => r.method === 'POST')?.body).toEqual({ answer: 'Thank you, Ada!' })
    expect(within(list).queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument()
  })

  it('another startup visiting the page gets no Answer', async () => {
    const other = createUser({ userType: 'startup', companyName: 'Other' })
    server.use(http.get('*/api/startup/:id', () => HttpResponse.json({ startup: other })))
    trust.ratings = [makeRating(other._id, { comment: 'Clear brief.' })]
    await renderApp(`/startup/${other._id}`, { as: 'startup' })
    expect(await screen.findByText('Clear brief.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Answer/ })).not.toBeInTheDocument()
  })
})

describe('Browse Students cards', () => {
  it('carry the rating the list sends', async () => {
    const rated = createUser({ firstName: 'Ada', lastName: 'Lovelace', rating: { average: 4.25, count: 8 } })
    const fresh = createUser({ firstName: 'Grace', lastName: 'Hopper', rating: { average: null, count: 1 } })
    const unrated = createUser({ firstName: 'Alan', lastName: 'Turing' })
    server.use(http.get('*/api/startup/students', ({ request }) => pagedJson([rated, fresh, unrated], request)))
    await renderApp('/startup/browse-students', { as: 'startup' })
    expect(within(await screen.findByRole('article', { name: 'Ada Lovelace' })).getByText('★ 4.3 · 8 ratings')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Grace Hopper' })).getByText('New: fewer than 3 ratings')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Alan Turing' })).queryByTestId('rating-summary')).not.toBeInTheDocument()
  })
})
