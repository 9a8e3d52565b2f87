import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { notify, Toaster } from '../notify'

describe('notify', () => {
  // First in the file, so the Toaster's chunk has not been loaded yet.
  it('shows a toast fired at start, before the Toaster has loaded, once it has', async () => {
    notify.error('Fired at start')
    render(<Toaster />)
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument()
    expect(await screen.findByText('Fired at start')).toBeInTheDocument()
  })

  it('shows toasts in the order they were fired, before the Toaster mounted and after', async () => {
    notify.info('First')
    notify.error('Second')
    notify.success('Third')
    render(<Toaster />)
    await screen.findByText('Third')
    notify.notice('Fourth', { id: 'fourth' })
    await screen.findByText('Fourth')
    // sonner puts the newest on top.
    expect(screen.getAllByRole('listitem').map((toast) => toast.textContent)).toEqual(['Fourth', 'Third', 'Second', 'First'])
  })
})
