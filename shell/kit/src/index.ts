/**
 * @pitwall/kit: Pitwall's design system (on Ark UI), API client, query factories and the
 * session / branding / toast / selected-car stores. Shared as a Module Federation singleton:
 * the shell and every remote must use this one copy of the contexts.
 */
import './styles.css';

export { apiFetch, ApiError, SavedNotShownError, NetworkError, errorMessage, failureText, isNetworkError, type ApiFetchOptions } from './api/api-fetch';
export { earlyResponse } from './api/early-response';
export { requestSchemas } from './api/request-schemas';
export { createQueryClient } from './api/query-client';
// Paddock mode: the write queue, the merge of a change the server refused as stale (412), the persisted query cache.
export { writeQueue, changeAsText, ChangeNotSavedError, type QueuedWrite, type QueuedWriteConflict, type WriteQueueStatus, type ChangeDescription } from './offline/write-queue';
// Versioned writes: every form's save is based on the version it was opened on (If-Match; a 412 is merged).
export type { BaseView, VersionedBase } from './offline/write-base';
export { useWriteQueue, useIsOnline } from './offline/use-write-queue';
export type { FieldConflict, Json } from './offline/three-way-merge';
export { startOnlineState } from './offline/query-persistence';
export { PersistedQueryClientProvider, type AfterFirstScreen } from './offline/persisted-query-provider';
export type { LiveStatus } from './live/live-updates';
export type { Screen, Screens, ScreenView } from './screens';
export { routePath, screenRoutes } from './components/screen-routes';
export { useLiveUpdates, useLiveStatus, useLastLiveChange } from './live/use-live';
export { invalidateChange, invalidationsOf } from './api/change-invalidations';
// Building blocks of a remote's own hooks (see README, 'Hooks a remote keeps').
export { useInvalidatingMutation } from './api/use-invalidating-mutation';
export { racePlanKey, seriesListKey, sessionsKey } from './api/query-keys';
export { useOpenedVersion } from './api/use-opened-version';
export { carChangeName } from './api/change-names';
// The API layer: one typed client per endpoint (fetcher, query-options factory with its key, hook;
// mutations with their invalidations), grouped by resource. See shell/kit/README.md.
export * from './api/auth';
export * from './api/cars';
export * from './api/car-setup';
export * from './api/checklist';
export * from './api/race-events';
export * from './api/issues';
export * from './api/images';
export * from './api/upload-image';
export * from './api/team-transfer';
export * from './api/history';
export * from './api/sessions';
export * from './api/parts';
export * from './api/tire-sets';
export * from './api/tire-pressure-assistant';
export * from './api/setup-targets';
export * from './api/tire-temperature-targets';
export * from './api/teams';
export * from './api/views';
export { getUploadLimitQueryOptions, useUploadLimit, uploadSizeError, formatMegabytes } from './uploads/upload-limit';
export { safeImageUrl, hasSafeImageUrls } from './uploads/safe-image-url';

export { AuthProvider, useAuth, type AuthState } from './stores/auth';
export {
  BrandingProvider,
  useBranding,
  parseBranding,
  readBranding,
  racingName,
  BRANDING_STORAGE_KEY,
  DEFAULT_BRANDING,
  type Branding,
  type BrandingState,
} from './stores/branding';
export { ToastProvider, Toaster, useToast, TOAST_DURATION_MS, type ToastAction, type ToastInput, type ToastState } from './stores/toast';
export { SelectedCarProvider, useSelectedCar, type SelectedCarState } from './stores/selected-car';

export { Button, buttonClass, type ButtonProps } from './components/button';
export { FormActions, type FormActionsProps } from './components/form-actions';
export { Card, type CardProps } from './components/card';
export { Badge, type BadgeProps } from './components/badge';
export { Alert, type AlertProps } from './components/alert';
export { Skeleton, Spinner } from './components/skeleton';
export { TextField, SelectField, type TextFieldProps, type SelectFieldProps } from './components/text-field';
export type { ColorFieldProps } from './components/color-field';
export { Dialog, ConfirmDialog, Tabs, Accordion, SwitchField, SwatchPicker, ColorField, preloadKitParts, preloadKitScreenParts } from './components/lazy-parts';
export { isScreenLoading, onScreenLoadingChange, useScreenRoot } from './components/screen-loading';
export type { DialogProps } from './components/dialog';
export type { TabItem, TabsProps } from './components/tabs';
export { NotFoundPage } from './components/not-found-page';
export { OnceShown } from './components/once-shown';
export { CarNotFound } from './components/car-not-found';
export type { SwitchFieldProps } from './components/switch-field';
export type { Swatch, SwatchPickerProps } from './components/swatch-picker';
export type { ConfirmDialogProps } from './components/confirm-dialog';
export type { AccordionItem, AccordionProps } from './components/accordion';
export { TextAreaField, type TextAreaFieldProps } from './components/textarea-field';

export { mountStandalone } from './standalone/mount-standalone';
