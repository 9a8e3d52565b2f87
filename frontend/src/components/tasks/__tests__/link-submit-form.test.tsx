import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { isPublicHost, LINK_INVALID, LINK_NOT_PUBLIC, LinkSubmitForm, linkSchema } from '../link-submit-form'

describe('linkSchema', () => {
  it.each([
    ['https://github.com/rosa/landing', true],
    ['http://rosa.dev/work?x=1', true],
    ['http://localhost:3000/', false],
    ['http://app.localhost/', false],
    ['http://127.0.0.1:8080/', false],
    ['http://10.0.0.5/', false],
    ['http://192.168.1.20/site', false],
    ['http://[::1]:5173/', false],
    ['http://intranet/wiki', false],
    ['http://printer.local/', false],
    ['http://build.corp/', false],
    ['http://router.home.arpa/', false],
    ['http://service.internal/', false],
    ['http://127.1/', false],
    ['http://0x7f.1/', false],
  ])('%s is public: %s', (link, ok) => {
    const result = linkSchema.safeParse({ link })
    expect(result.success).toBe(ok)
    if (!ok) expect(result.error?.issues[0]?.message).toBe(LINK_NOT_PUBLIC)
  })

  // The characters RFC 3986 allows nowhere, which the server refuses too (backend/weblink).
  it.each([
    'https://github.com/rosa/my landing',
    'https://github.com/rosa/<landing>',
    'https://github.com/rosa/a>b',
    'https://github.com/rosa/"landing"',
    'https://github.com/rosa/{x}',
    'https://github.com/rosa/a|b',
    'https://github.com\\@evil.io/',
    'https://github.com/rosa/a^b',
    'https://github.com/rosa/`x`',
    'https://github.com/rosa/a\tb',
    'https://github.com/rosa/100%',
    'https://github.com/rosa/%zz',
    'https://github.com/rosa/\u202egnp.exe',
    'https://github.com/rosa/a\u00a0b',
  ])('%j is not a valid URL', (link) => {
    const result = linkSchema.safeParse({ link })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(LINK_INVALID)
  })

  it.each(['https://github.com/rosa/landing?tab=readme&x=%20y#install', 'https://münchen.de/straße'])('%s is a valid URL', (link) => {
    expect(linkSchema.safeParse({ link }).success).toBe(true)
  })

  it('uses the server message word for word', () => {
    expect(LINK_NOT_PUBLIC).toBe('Use a public link: the startup cannot open localhost, private-network or IP addresses')
    expect(LINK_INVALID).toBe('Please enter a valid URL starting with http:// or https://')
    expect(isPublicHost('example.com')).toBe(true)
  })
})

describe('LinkSubmitForm with a link already sent', () => {
  it('hides the form behind Update link, refuses a localhost link, sends a public one', async () => {
    const onSubmit = vi.fn()
    const events = userEvent.setup()
    const { rerender } = render(<LinkSubmitForm taskTitle="Logo" defaultLink="https://old.example.com/v1" onSubmit={onSubmit} isSubmitting={false} />)
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Update link for Logo' }))
    const input = screen.getByRole('textbox', { name: 'Link to your work for Logo' })
    expect(input).toHaveValue('https://old.example.com/v1')
    await events.clear(input)
    await events.type(input, 'http://localhost:5173/')
    await events.click(screen.getByRole('button', { name: 'Update link' }))
    expect(await screen.findByText(LINK_NOT_PUBLIC)).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
    await events.clear(input)
    await events.type(input, 'https://new.example.com/v2')
    await events.click(screen.getByRole('button', { name: 'Update link' }))
    expect(onSubmit).toHaveBeenCalledWith('https://new.example.com/v2')
    // Accepted: the form folds again.
    rerender(<LinkSubmitForm taskTitle="Logo" defaultLink="https://new.example.com/v2" onSubmit={onSubmit} isSubmitting={false} submittedAt={1} />)
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Update link for Logo' })).toBeInTheDocument()
  })

  it('Cancel folds the form without sending', async () => {
    const onSubmit = vi.fn()
    const events = userEvent.setup()
    render(<LinkSubmitForm taskTitle="Logo" defaultLink="https://old.example.com/v1" onSubmit={onSubmit} isSubmitting={false} />)
    await events.click(screen.getByRole('button', { name: 'Update link for Logo' }))
    await events.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('refuses a link with a space before sending it', async () => {
    const onSubmit = vi.fn()
    const events = userEvent.setup()
    render(<LinkSubmitForm taskTitle="Logo" onSubmit={onSubmit} isSubmitting={false} />)
    const input = screen.getByRole('textbox', { name: 'Link to your work for Logo' })
    await events.type(input, 'https://github.com/rosa/my logo')
    await events.click(screen.getByRole('button', { name: 'Submit Task' }))
    expect(await screen.findByText(LINK_INVALID)).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('shows the form straight away without a link', () => {
    render(<LinkSubmitForm taskTitle="Logo" onSubmit={vi.fn()} isSubmitting={false} />)
    expect(screen.getByRole('textbox', { name: 'Link to your work for Logo' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit Task' })).toBeDisabled()
  })
})
