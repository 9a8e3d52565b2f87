import { render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { StartupProfileView } from '../startup-profile-view'
import { StudentProfileView } from '../student-profile-view'

const payloads = ['<img src=x onerror="window.__xss=1">', '<script>window.__xss=1</script>']

function renderInRouter(ui: ReactElement) {
  render(<MemoryRouter>{ui}</MemoryRouter>)
}

describe('stored text', () => {
  it.each(payloads)('is rendered as text, never as markup: %s', (payload) => {
    const student = createUser({
      bio: payload,
      headline: payload,
      skills: [{ name: payload }],
      experience: [{ title: payload, company: payload, description: payload }],
      projects: [{ title: payload, description: payload, technologies: [payload], link: 'javascript:alert(1)' }],
      resume: 'javascript:alert(1)',
    })
    renderInRouter(<StudentProfileView student={student} submissions={[]} chatHref="/chat/x" />)
    expect(screen.getAllByText(payload).length).toBeGreaterThanOrEqual(6)
    // Markup the payload would make (a script, an image, a javascript: link) is looked for as markup:
    // an injected element need not have the role or text a query finds.
    /* eslint-disable testing-library/no-node-access */
    expect(document.querySelector('script')).toBeNull()
    expect(document.querySelector('img[src="x"]')).toBeNull()
    for (const link of document.querySelectorAll('a')) expect(link.getAttribute('href')).not.toMatch(/^javascript:/i)
    /* eslint-enable testing-library/no-node-access */
  })

  it.each(payloads)('in a company description too: %s', (payload) => {
    renderInRouter(<StartupProfileView startup={createUser({ userType: 'startup', companyName: 'Acme', companyDescription: payload })} />)
    expect(screen.getByText(payload)).toBeInTheDocument()
    // eslint-disable-next-line testing-library/no-node-access -- an injected image need not have a role
    expect(document.querySelector('img[src="x"]')).toBeNull()
  })
})
