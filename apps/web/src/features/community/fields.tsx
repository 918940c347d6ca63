import type { FieldLook } from '../../components/ui/form-field';

/** The community's forms' look of a field (label, control, hint, message). */
export const communityLook: FieldLook = { field: 'community-field', hint: 'community-hint', error: 'community-error' };
