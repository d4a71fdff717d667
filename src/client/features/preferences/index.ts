/** Reading and display preferences (docs/product.md#reading-and-display): the feature's one public file. */
export { PreferencesButton } from './components/preferences-button';
export {
  PREFERENCES_TITLE,
  showPreferences,
  showStoredPreferences,
  storePreferences,
  type PreferencesSavedTo,
} from './utils/page-preferences';
