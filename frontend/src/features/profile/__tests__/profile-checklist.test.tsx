import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import type { User } from '@/types/api'

function serveProfile(stored: User | null) {
  server.use(http.get('*/api/student/profile', () => HttpResponse.json(stored)))
}

// docs/marketplace.md, "A first week": a new student sees what sign-up gave, and what is left to
// add.
describe('/profile: prefilled from sign-up, with a checklist', () => {
  it('shows the name and college from sign-up instead of an empty page, and a checklist of what is missing', async () => {
    serveProfile(null)
    await renderApp('/profile', { as: { userType: 'student', firstName: 'Rosa', lastName: 'Diaz', college: 'State University' } })
    expect(await screen.findByRole('heading', { level: 2, name: 'Rosa Diaz' })).toBeInTheDocument()
    expect(screen.getByText('State University')).toBeInTheDocument()
    expect(screen.queryByText(/No profile found/)).not.toBeInTheDocument()
    const checklist = screen.getByRole('region', { name: 'Complete your profile' })
    expect(checklist).toHaveTextContent('0 of 4 done')
    for (const step of ['Add a bio', 'Add your skills', 'Add a project', 'Upload your résumé']) {
      expect(within(checklist).getByRole('button', { name: step })).toBeInTheDocument()
    }
    expect(screen.getByRole('button', { name: 'Add Profile' })).toBeInTheDocument()
  })

  it('opens the form at the field a step names, prefilled from sign-up', async () => {
    serveProfile(null)
    const { events } = await renderApp('/profile', { as: { userType: 'student', firstName: 'Rosa', lastName: 'Diaz', college: 'State University' } })
    await events.click(await within(await screen.findByRole('region', { name: 'Complete your profile' })).findByRole('button', { name: 'Add a bio' }))
    const form = screen.getByRole('form', { name: 'Add Profile' })
    expect(within(form).getByLabelText('Bio')).toHaveFocus()
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Rosa')
    expect(within(form).getByLabelText('College')).toHaveValue('State University')
  })

  it('checks the steps that are done and hides the checklist once all are', async () => {
    const partial = createUser({ firstName: 'Rosa', lastName: 'Diaz', bio: 'I design.', skills: [{ name: 'Figma' }] })
    serveProfile(partial)
    const { unmount } = await renderApp('/profile', { as: partial })
    const checklist = await screen.findByRole('region', { name: 'Complete your profile' })
    expect(checklist).toHaveTextContent('2 of 4 done')
    expect(within(checklist).getByText('Add a bio')).toHaveTextContent('Add a bio (done)')
    expect(within(checklist).queryByRole('button', { name: 'Add a bio' })).not.toBeInTheDocument()
    expect(within(checklist).getByRole('button', { name: 'Add a project' })).toBeInTheDocument()
    unmount()

    const complete = { ...partial, projects: [{ title: 'Logo', description: '', technologies: [], link: '' }], resume: '/api/files/cv' }
    serveProfile(complete)
    await renderApp('/profile', { as: complete })
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument()
  })
})
