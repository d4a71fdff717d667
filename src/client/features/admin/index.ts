/** The admin feature's public file: other features import only this (docs/architecture.md#client). */
export { fieldClass, formatDateTime, labelClass } from './utils/format';
export { adminKeys } from './api/admin-query-keys';
export { LabelledSelect } from './components/fields';
