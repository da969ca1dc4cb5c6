import { EU_MEMBER_STATES, type EuMemberState } from '@portal/contract';

/** ENISA writes Greece EL; ISO 3166-1 (and so Intl) knows it as GR. */
const regionOf = (state: EuMemberState) => (state === 'EL' ? 'GR' : state);

/** The member states as options named in the UI language (Intl's country names), sorted by name. */
export function memberStateOptions(language: string | undefined) {
  const names = new Intl.DisplayNames([language ?? 'zh-CN'], { type: 'region' });
  return EU_MEMBER_STATES.map((state) => ({ value: state, label: names.of(regionOf(state)) ?? state })).sort(
    (a, b) => a.label.localeCompare(b.label, language),
  );
}
