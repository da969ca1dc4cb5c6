/** What other features may use of the advisories (the only entry the boundaries lint allows). */
export { FixedAdvisories } from './components/fixed-advisories';
