// Prettier formats the SPA: `npm run format` writes, `npm run lint` (and so ./scripts/test.sh) checks.
// The options are the ones that change the least of the code as it was written by hand: no
// semicolons, single quotes, and 150 columns, about where 99 % of the hand-wrapped lines ended.
/** @type {import('prettier').Config} */
export default {
  printWidth: 150,
  semi: false,
  singleQuote: true,
}
