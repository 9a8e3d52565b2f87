import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'
import type { User } from '@/types/api'

/** A mock of the profile API: 404 until a profile is created, then the stored profile. */
function mockProfileApi(user: () => User) {
  const calls: Array<{ method: string; body: Record<string, unknown> }> = []
  let stored: User | null = null
  server.use(
    http.get('*/api/student/profile', () => HttpResponse.json(stored ?? null)),
    http.post('*/api/student/profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      calls.push({ method: 'POST', body })
      stored = { ...user(), ...(body as Partial<User>), email: user().email }
      return HttpResponse.json(stored, { status: 201 })
    }),
    http.put('*/api/student/profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      calls.push({ method: 'PUT', body })
      stored = { ...stored!, ...(body as Partial<User>), email: user().email }
      return HttpResponse.json(stored)
    }),
    http.post('*/api/uploads/:kind', ({ params }) => HttpResponse.json({ url: `/api/files/${String(params.kind)}-id` }, { status: 201 })),
  )
  return calls
}

function file(name: string, type: string, size = 10) {
  return new File([new Uint8Array(size)], name, { type })
}

describe('/profile as a student', () => {
  it('adds a profile (dropping what the spec drops), then edits it', async () => {
    let me: User | null = null
    const calls = mockProfileApi(() => me!)
    const { events, user } = await renderApp('/profile', { as: { userType: 'student', firstName: 'Ada', lastName: 'Lovelace' } })
    me = user!

    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    const form = screen.getByRole('form', { name: 'Add Profile' })
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Ada')
    await events.type(within(form).getByLabelText('Bio'), 'I build engines.')
    await events.type(within(form).getByLabelText('College email'), 'ada@uni.edu')

    await events.click(within(form).getByRole('button', { name: 'Add Skill' }))
    await events.type(within(form).getByLabelText('Skill 1'), 'Go, SQL')
    await events.selectOptions(within(form).getByLabelText('Level of skill 1'), 'expert')
    await events.click(within(form).getByRole('button', { name: 'Add Skill' }))

    await events.click(within(form).getByRole('button', { name: 'Add Experience' }))
    await events.type(within(form).getByLabelText('Title of experience 1'), 'Intern')
    await events.type(within(form).getByLabelText('Company of experience 1'), 'Acme')
    await events.click(within(form).getByLabelText('Current'))
    expect(within(form).getByLabelText('End date of experience 1')).toBeDisabled()
    await events.click(within(form).getByRole('button', { name: 'Add Experience' }))
    await events.type(within(form).getByLabelText('Title of experience 2'), 'No company')

    await events.click(within(form).getByRole('button', { name: 'Add Project' }))
    await events.type(within(form).getByLabelText('Title of project 1'), 'Compiler')
    await events.type(within(form).getByLabelText(/^Technologies of project 1/), 'Go, LLVM ,')

    await events.upload(within(form).getByLabelText('Resume'), file('cv.pdf', 'application/pdf'))
    expect(await within(form).findByRole('link', { name: 'Current resume' })).toHaveAttribute('href', `${window.location.origin}/api/files/resume-id`)

    await events.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile created!')).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    const body = calls[0]!.body
    expect(body).toMatchObject({
      userId: me._id,
      email: 'ada@uni.edu',
      skills: [{ name: 'Go, SQL', level: 'expert' }],
      experience: [{ title: 'Intern', company: 'Acme', isCurrent: true, endDate: '' }],
      projects: [{ title: 'Compiler', technologies: ['Go', 'LLVM'] }],
      resume: '/api/files/resume-id',
    })

    // Saved: back to the view, which shows the stored profile.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument()
    expect(screen.getByText('I build engines.')).toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Edit Profile' }))
    const edit = screen.getByRole('form', { name: 'Edit Profile' })
    await events.clear(within(edit).getByLabelText('Bio'))
    await events.type(within(edit).getByLabelText('Bio'), 'Engines, revised.')
    await events.click(within(edit).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument()
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { bio: 'Engines, revised.' } })
    expect(await screen.findByText('Engines, revised.')).toBeInTheDocument()
  })

  it('saves the two matching choices with the profile, both on until turned off', async () => {
    let me: User | null = null
    const calls = mockProfileApi(() => me!)
    const { events, user } = await renderApp('/profile', { as: { userType: 'student', firstName: 'Rosa', lastName: 'Diaz' } })
    me = user!
    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    const add = screen.getByRole('form', { name: 'Add Profile' })
    const listed = within(add).getByRole('checkbox', { name: "Show me in startups' search and matches" })
    const invitable = within(add).getByRole('checkbox', { name: 'Let startups invite me to tasks' })
    expect(listed).toBeChecked()
    expect(invitable).toBeChecked()
    // The keyboard turns a choice off, as a click would.
    invitable.focus()
    await events.keyboard(' ')
    expect(invitable).not.toBeChecked()
    await events.click(within(add).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile created!')).toBeInTheDocument()
    expect(calls[0]).toMatchObject({ method: 'POST', body: { discoverable: true, acceptsInvitations: false } })

    await events.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    const edit = screen.getByRole('form', { name: 'Edit Profile' })
    expect(within(edit).getByRole('checkbox', { name: 'Let startups invite me to tasks' })).not.toBeChecked()
    await events.click(within(edit).getByRole('checkbox', { name: "Show me in startups' search and matches" }))
    await events.click(within(edit).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument()
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { discoverable: false, acceptsInvitations: false } })
  })

  it('cancel leaves the profile as it was', async () => {
    mockProfileApi(() => ({}) as User)
    const { events } = await renderApp('/profile', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    await events.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form', { name: 'Add Profile' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Profile' })).toBeInTheDocument()
  })

  it('refuses a wrong resume type or size before uploading, with the spec messages', async () => {
    const uploads: string[] = []
    mockProfileApi(() => ({}) as User)
    server.use(
      http.post('*/api/uploads/resume', () => {
        uploads.push('resume')
        return HttpResponse.json({ url: '/api/files/x' }, { status: 201 })
      }),
    )
    const { events } = await renderApp('/profile', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    const input = screen.getByLabelText('Resume')
    // The picker's accept list can be bypassed ("All files"), so the form checks again.
    fireEvent.change(input, { target: { files: [file('cv.png', 'image/png')] } })
    expect(input).toHaveAccessibleDescription('Please upload a PDF or Word document')
    fireEvent.change(input, { target: { files: [file('cv.pdf', 'application/pdf', 5 * 1024 * 1024 + 1)] } })
    expect(input).toHaveAccessibleDescription('File size must be less than 5MB')
    expect(uploads).toHaveLength(0)
  })

  it('shows the server message when an upload is refused', async () => {
    mockProfileApi(() => ({}) as User)
    server.use(
      http.post('*/api/uploads/avatar', () =>
        HttpResponse.json({ message: 'Please upload a PNG, JPEG, GIF or WebP image', code: 'unsupported_type' }, { status: 415 }),
      ),
    )
    const { events } = await renderApp('/profile', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    const input = screen.getByLabelText('Avatar')
    await events.upload(input, file('me.png', 'image/png'))
    await waitFor(() => expect(input).toHaveAccessibleDescription('Please upload a PNG, JPEG, GIF or WebP image'))
  })

  it.each([
    [429, 'throttled', 'You are uploading files too fast. Please try again in a few minutes.'],
    [413, 'too_large', 'You have used your 50 MB of upload space. Replace or remove a file to upload more.'],
  ])('shows the upload limit the server answers with (%i)', async (status, code, message) => {
    mockProfileApi(() => ({}) as User)
    server.use(http.post('*/api/uploads/resume', () => HttpResponse.json({ message, code }, { status, headers: { 'Retry-After': '300' } })))
    const { events } = await renderApp('/profile', { as: 'student' })
    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    const input = screen.getByLabelText('Resume')
    await events.upload(input, file('cv.pdf', 'application/pdf'))
    await waitFor(() => expect(input).toHaveAccessibleDescription(message))
  })

  it('puts server field errors on the inputs and toasts the failure', async () => {
    mockProfileApi(() => ({}) as User)
    server.use(
      http.post('*/api/student/profile', () =>
        HttpResponse.json(
          { message: 'Please enter a valid phone number.', code: 'invalid', fields: { phone: 'Please enter a valid phone number.' } },
          { status: 400 },
        ),
      ),
    )
    const { events } = await renderApp('/profile', { as: { userType: 'student', firstName: 'Ada', lastName: 'Lovelace' } })
    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    await events.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a valid phone number.'))
    expect(screen.getAllByText('Please enter a valid phone number.').length).toBeGreaterThanOrEqual(2) // field + toast
  })

  it('checks names with the spec messages', async () => {
    mockProfileApi(() => ({}) as User)
    const { events } = await renderApp('/profile', { as: { userType: 'student', firstName: 'Ada', lastName: 'Lovelace' } })
    await events.click(await screen.findByRole('button', { name: 'Add Profile' }))
    await events.clear(screen.getByLabelText(/^First name/))
    await events.clear(screen.getByLabelText(/^Last name/))
    await events.type(screen.getByLabelText(/^Last name/), 'L')
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('First name is required')
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Last name must be at least 2 characters')
  })
})
