import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { OnceShown, Skeleton } from '@pitwall/kit';
import type { CornerWeightsCardProps } from '@pitwall/setup-forms';
import type * as Forms from './forms';

/**
 * The car page's forms (./forms) as components that load their module on first render: one chunk
 * for all of them, requested once the Car & Setup tab is on screen (CornerWeightsCardOnceShown), so
 * an Edit opened later is usually there already. Render each inside FormSuspense, whose skeleton
 * takes the form's place for that moment (a dialog: inside a Suspense of its own). Same names and
 * props as the components in ./forms.
 */
const loadForms = () => import('./forms');

/** `name` of ./forms, loaded with the module. */
function lazyForm<K extends keyof typeof Forms>(name: K) {
  return lazy(() => loadForms().then((m) => ({ default: m[name] as ComponentType<Parameters<(typeof Forms)[K]>[0]> })));
}

/** The Suspense boundary of a lazy form: a skeleton `height` high (CSS length) in its place while its module loads. */
export function FormSuspense({ height = '10rem', children }: { height?: string; children: ReactNode }) {
  return <Suspense fallback={<Skeleton height={height} />}>{children}</Suspense>;
}

const CornerWeightsCard = lazyForm('CornerWeightsCard');
export const AddChecklistItemForm = lazyForm('AddChecklistItemForm');
export const EditBasicInformationForm = lazyForm('EditBasicInformationForm');
export const CarGearRatiosForm = lazyForm('CarGearRatiosForm');
export const CarSuspensionForm = lazyForm('CarSuspensionForm');
export const CarTirePressuresForm = lazyForm('CarTirePressuresForm');
export const CarTirePressureTargetsForm = lazyForm('CarTirePressureTargetsForm');
export const CarSetupSheetForm = lazyForm('CarSetupSheetForm');
export const TuningLinkDialog = lazyForm('TuningLinkDialog');

/**
 * The Corner Weights card (it holds its forms, so it comes with them), asked for in the commit after
 * the tab's first: the forms' module and the libraries it needs are requested once the tab's other
 * cards are on screen, not while they are being shown. A skeleton holds its place until then.
 */
export function CornerWeightsCardOnceShown(props: CornerWeightsCardProps) {
  return (
    <OnceShown fallback={<Skeleton height="6rem" />}>
      <FormSuspense height="6rem">
        <CornerWeightsCard {...props} />
      </FormSuspense>
    </OnceShown>
  );
}
