import { describe, expect, it } from 'vitest'
import { renderLandingHtml } from '../landing-html'

describe('renderLandingHtml, the landing page the build puts in the HTML of /', () => {
  it('is a visitor’s landing page: the hero, the visitor’s navigation, no script', () => {
    const html = renderLandingHtml()
    const page = new DOMParser().parseFromString(html, 'text/html')
    expect(page.querySelector('h1')?.textContent).toBe('Connect. Learn. Grow.')
    const links = [...page.querySelectorAll('a')].map((a) => `${a.textContent} ${a.getAttribute('href')}`)
    expect(links).toEqual(expect.arrayContaining(['Sign in /login', 'Get Started /register', 'Browse Tasks /tasks']))
    expect(page.querySelector('main#main-content')).not.toBeNull()
    // No spinner: a visitor's first render has no session to check.
    expect(page.querySelector('[role="status"]')).toBeNull()
    expect(html).not.toContain('<script')
    // How the deployment pays is not known to the build: the page says it once the app asked.
    expect(html).not.toMatch(/Funds held by Bridgework|Startups pay you directly/)
    expect(page.body.textContent).toContain('Collect certificates and verified skills')
  })
})
