import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { server } from '@/testing/mocks/server'
import { addSavedSearch, settingsMock } from '@/testing/mocks/settings'
import { renderApp } from '@/testing/test-utils'

const savedSearches = () => screen.findByRole('list', { name: 'Saved searches' })
const emailForm = () => screen.findByRole('form', { name: 'Email notifications' })

describe('/settings saved searches', () => {
  it('lists each search with its filters in words and a link to its tasks', async () => {
    const student = seedAccount({ userType: 'student' }).user
    addSavedSearch(student._id, { name: 'Anything', createdAt: '2026-11-01T00:00:00Z' })
    addSavedSearch(student._id, {
      name: 'Go backends',
      search: 'react',
      category: 'web-development',
      skills: ['Go', 'SQL'],
      deadlineBefore: '2026-12-01',
      source: 'startup',
    })
    const { events, router } = await renderApp('/settings', { as: student })
    const list = await savedSearches()
    const items = within(list).getAllByRole('listitem')
    // eslint-disable-next-line testing-library/no-node-access -- a saved search's name, the first line of its item
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Go backends', 'Anything'])
    expect(items[0]).toHaveTextContent('"react" · Web Development · skills: Go, SQL · before 1 Dec 2026 · assigned to you by a startup')
    expect(items[1]).toHaveTextContent('All tasks')

    const show = within(items[0]!).getByRole('link', { name: 'Show tasks for Go backends' })
    expect(show).toHaveAttribute('href', '/tasks?search=react&category=web-development&deadline=2026-12-01&source=startup')
    await events.click(show)
    await waitFor(() => expect(router.location.pathname).toBe('/tasks'))
    expect(await screen.findByRole('searchbox', { name: 'Search tasks' })).toHaveValue('react')
    expect(screen.getByLabelText('Category')).toHaveValue('web-development')
    expect(screen.getByLabelText('Deadline on or before')).toHaveValue('2026-12-01')
    expect(screen.getByLabelText('Source')).toHaveValue('startup')
  })

  it('deletes a search, and the list shows what is left', async () => {
    const student = seedAccount({ userType: 'student' }).user
    const keep = addSavedSearch(student._id, { name: 'Design' })
    const gone = addSavedSearch(student._id, { name: 'Data jobs' })
    const { events } = await renderApp('/settings', { as: student })
    const list = await savedSearches()
    await events.click(within(list).getByRole('button', { name: 'Delete saved search Data jobs' }))
    expect(await screen.findByText('Saved search deleted')).toBeInTheDocument()
    await waitFor(() => expect(within(list).queryByText('Data jobs')).not.toBeInTheDocument())
    expect(within(list).getByText('Design')).toBeInTheDocument()
    const deletes = settingsMock.requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)
    expect(deletes).toEqual([`/api/student/saved-searches/${gone._id}`])
    expect(settingsMock.savedSearches.get(student._id)).toEqual([keep])
  })

  it('shows the empty state, with the way to the tasks page, once the last one is deleted', async () => {
    const student = seedAccount({ userType: 'student' }).user
    addSavedSearch(student._id, { name: 'Only one' })
    const { events } = await renderApp('/settings', { as: student })
    await events.click(within(await savedSearches()).getByRole('button', { name: 'Delete saved search Only one' }))
    expect(await screen.findByText('No saved searches yet. Save one from the tasks page.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to tasks' })).toHaveAttribute('href', '/tasks')
  })

  it('says when the list could not be loaded', async () => {
    server.use(http.get('*/api/student/saved-searches', () => HttpResponse.json({ error: 'Internal error.' }, { status: 500 })))
    await renderApp('/settings', { as: 'student' })
    expect(await screen.findByText('Could not load your saved searches.')).toBeInTheDocument()
  })

  it('is not shown to a startup, who keeps no saved searches', async () => {
    await renderApp('/settings', { as: 'startup' })
    await emailForm()
    expect(screen.queryByRole('heading', { name: 'Saved searches' })).not.toBeInTheDocument()
    expect(settingsMock.requests.some((r) => r.url.pathname === '/api/student/saved-searches')).toBe(false)
  })
})

describe('/settings email notifications', () => {
  it('loads the choices, changes them and saves every one', async () => {
    const student = seedAccount({ userType: 'student' }).user
    settingsMock.notificationSettings.set(student._id, {
      messages: 'immediate',
      submissions: 'hourly',
      payments: 'immediate',
      invitations: 'off',
      taskAlerts: 'daily',
    })
    const { events } = await renderApp('/settings', { as: student })
    const form = await emailForm()
    const messages = within(form).getByLabelText('Messages')
    expect(messages).toHaveValue('immediate')
    expect(within(form).getByLabelText('Submission updates')).toHaveValue('hourly')
    expect(within(form).getByLabelText('Payments')).toHaveValue('immediate')
    expect(within(form).getByLabelText('Invitations')).toHaveValue('off')
    expect(within(form).getByLabelText('Task alerts')).toHaveValue('daily')
    expect(
      within(messages as HTMLSelectElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Immediately', 'Hourly digest', 'Daily digest', 'Off'])

    await events.selectOptions(messages, 'Daily digest')
    await events.selectOptions(within(form).getByLabelText('Task alerts'), 'Off')
    await events.click(within(form).getByRole('button', { name: 'Save email settings' }))
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument()
    const puts = settingsMock.requests.filter((r) => r.method === 'PUT').map((r) => r.body)
    expect(puts).toEqual([{ messages: 'daily', submissions: 'hourly', payments: 'immediate', invitations: 'off', taskAlerts: 'off' }])
  })

  it('has no Task alerts row for a startup, and sends back the value it was given', async () => {
    const startup = seedAccount({ userType: 'startup' }).user
    const { events } = await renderApp('/settings', { as: startup })
    const form = await emailForm()
    expect(within(form).queryByLabelText('Task alerts')).not.toBeInTheDocument()
    await events.selectOptions(within(form).getByLabelText('Submission updates'), 'immediate')
    await events.click(within(form).getByRole('button', { name: 'Save email settings' }))
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument()
    expect(settingsMock.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { messages: 'hourly', submissions: 'immediate', payments: 'hourly', invitations: 'hourly', taskAlerts: 'hourly' },
    ])
  })

  it.each(['student', 'startup'] as const)('lets a %s choose how invitation emails come, and saves it', async (userType) => {
    const user = seedAccount({ userType }).user
    const { events } = await renderApp('/settings', { as: user })
    const form = await emailForm()
    const invitations = within(form).getByLabelText('Invitations')
    expect(invitations).toHaveValue('hourly')
    expect(
      within(invitations as HTMLSelectElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Immediately', 'Hourly digest', 'Daily digest', 'Off'])
    await events.selectOptions(invitations, 'Immediately')
    await events.click(within(form).getByRole('button', { name: 'Save email settings' }))
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument()
    const puts = settingsMock.requests.filter((r) => r.method === 'PUT').map((r) => r.body)
    expect(puts).toEqual([expect.objectContaining({ invitations: 'immediate', messages: 'hourly' })])
    expect(settingsMock.notificationSettings.get(user._id)?.invitations).toBe('immediate')
  })

  it("puts the server's invitations error under its select", async () => {
    server.use(
      http.put('*/api/me/notification-settings', () =>
        HttpResponse.json(
          { error: 'Choose immediate, hourly, daily or off', code: 'invalid', fields: { invitations: 'Choose immediate, hourly, daily or off' } },
          { status: 400 },
        ),
      ),
    )
    const { events } = await renderApp('/settings', { as: 'startup' })
    const form = await emailForm()
    await events.click(within(form).getByRole('button', { name: 'Save email settings' }))
    await waitFor(() => expect(within(form).getByLabelText('Invitations')).toHaveAccessibleDescription('Choose immediate, hourly, daily or off'))
  })

  it("puts the server's field error under its select", async () => {
    server.use(
      http.put('*/api/me/notification-settings', () =>
        HttpResponse.json(
          { error: 'Choose immediate, hourly, daily or off', code: 'invalid', fields: { submissions: 'Choose immediate, hourly, daily or off' } },
          { status: 400 },
        ),
      ),
    )
    const { events } = await renderApp('/settings', { as: 'admin' })
    const form = await emailForm()
    await events.click(within(form).getByRole('button', { name: 'Save email settings' }))
    await waitFor(() =>
      expect(within(form).getByLabelText('Submission updates')).toHaveAccessibleDescription('Choose immediate, hourly, daily or off'),
    )
    expect(screen.queryByText('Email settings saved')).not.toBeInTheDocument()
  })

  it('says when the settings could not be loaded', async () => {
    server.use(http.get('*/api/me/notification-settings', () => HttpResponse.json({ error: 'Not found' }, { status: 404 })))
    await renderApp('/settings', { as: 'student' })
    expect(await screen.findByText('Could not load your email settings.')).toBeInTheDocument()
  })
})

describe('/settings', () => {
  it('sends a visitor to sign in', async () => {
    const { router } = await renderApp('/settings')
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
  })
})

describe('/settings: the one place for the account', () => {
  const sectionNames = (nav: HTMLElement) =>
    within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])

  it("a student finds every section, each linked from the page's own navigation", async () => {
    await renderApp('/settings', { as: 'student' })
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    expect(sectionNames(screen.getByRole('navigation', { name: 'Settings sections' }))).toEqual([
      ['Password', '#password'],
      ['Devices', '#devices'],
      ['Sign-in log', '#sign-ins'],
      ['Email notifications', '#email'],
      ['Saved searches', '#saved-searches'],
    ])
    for (const [name, id] of [
      ['Password', 'password'],
      ['Devices', 'devices'],
      ['Sign-in log', 'sign-ins'],
      ['Email notifications', 'email'],
      ['Saved searches', 'saved-searches'],
    ]) {
      expect(await screen.findByRole('region', { name })).toHaveAttribute('id', id)
    }
    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Sign-in log' })).toHaveTextContent('Your last 20 sign-ins')
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
  })

  it('a startup has no saved searches; the admin changes no password here', async () => {
    const { unmount } = await renderApp('/settings', { as: 'startup' })
    expect(sectionNames(screen.getByRole('navigation', { name: 'Settings sections' })).map(([name]) => name)).toEqual([
      'Password',
      'Devices',
      'Sign-in log',
      'Email notifications',
    ])
    expect(screen.queryByRole('region', { name: 'Saved searches' })).not.toBeInTheDocument()
    unmount()

    await renderApp('/settings', { as: 'admin' })
    const password = await screen.findByRole('region', { name: 'Password' })
    expect(password).toHaveTextContent("The admin account's password is set in the server's configuration.")
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument()
  })

  it('Profile holds no settings of its own and links here', async () => {
    await renderApp('/profile', { as: 'startup' })
    expect(screen.getByRole('link', { name: 'Password, devices and email: Settings' })).toHaveAttribute('href', '/settings')
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Signed-in devices' })).not.toBeInTheDocument()
  })
})
