import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Dialog } from '../dialog'

/** A submission with Approve; confirming decides it, and the decision replaces Approve with its status. */
function Submission() {
  const [open, setOpen] = useState(false)
  const [approved, setApproved] = useState(false)
  return (
    <ul>
      <li aria-label="Ada's submission">
        <a href="https://example.com/work">https://example.com/work</a>
        {approved ? <span>Approved</span> : <button onClick={() => setOpen(true)}>Approve</button>}
        {open && (
          <Dialog title="Approve Ada's work?" onClose={() => setOpen(false)}>
            <button onClick={() => setOpen(false)}>Cancel</button>
            <button
              onClick={() => {
                setApproved(true)
                setOpen(false)
              }}
            >
              Confirm
            </button>
          </Dialog>
        )}
      </li>
    </ul>
  )
}

describe('Dialog focus', () => {
  it('keeps Tab inside, and Escape gives the focus back to the control that opened it', async () => {
    const user = userEvent.setup()
    render(<Submission />)
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveFocus()
  })

  it('gives the focus to the opener’s list item when the decision removed the opener', async () => {
    const user = userEvent.setup()
    render(<Submission />)
    await user.tab()
    await user.tab()
    await user.keyboard('{Enter}')
    await user.tab()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: "Ada's submission" })).toHaveFocus()
    // From there, Tab carries on inside the submission.
    await user.tab()
    expect(screen.getByRole('link', { name: 'https://example.com/work' })).toHaveFocus()
  })
})
