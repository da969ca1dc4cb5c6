export { ReleaseNotesModal } from './components/release-notes-modal';
