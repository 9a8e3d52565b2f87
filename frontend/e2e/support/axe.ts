import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * axe-core's WCAG 2.2 A and AA violations on the page as it is now. The page's transitions end
 * first: a button mid-way through its colour change (after a click or a navigation) has neither
 * its old nor its new colours, and axe would judge the contrast of that moment.
 */
export async function wcagViolations(page: Page): Promise<Awaited<ReturnType<AxeBuilder['analyze']>>['violations']> {
  // Transitions only: a spinner's animation never finishes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return violations
}
