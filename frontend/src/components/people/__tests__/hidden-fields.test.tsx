import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { StudentProfileView } from '../student-profile-view'

// The API leaves out what the viewer may not see (docs/api-contract.md, "Who sees which field"):
// the view shows what it is given and invents nothing for the rest.
describe('a student profile with fields left out', () => {
  function renderView(student: ReturnType<typeof createUser>) {
    render(
      <MemoryRouter>
        <StudentProfileView student={student} submissions={[]} />
      </MemoryRouter>,
    )
  }

  it('shows no email link and no resume when the API sent neither', () => {
    const { email: _email, resume: _resume, ...shown } = createUser({ firstName: 'Ada', lastName: 'Lovelace', resume: '/api/files/cv' })
    renderView(shown)
    // eslint-disable-next-line testing-library/no-node-access -- the Contact card, around its heading, has no role of its own
    const contact = screen.getByRole('heading', { name: 'Contact' }).parentElement!
    expect(within(contact).queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'View Resume' })).not.toBeInTheDocument()
    expect(screen.getByText('No resume uploaded.')).toBeInTheDocument()
  })

  it('opens the signed résumé link as given, signature and all', () => {
    const signed = '/api/files/0193a000-0000-7000-8000-000000000001?expires=1795545172&signature=ab12'
    renderView(createUser({ email: 'ada@example.com', resume: signed }))
    expect(screen.getByRole('link', { name: 'View Resume' })).toHaveAttribute('href', `${window.location.origin}${signed}`)
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com')
  })
})
