import type { GearRatio, SetupSheet, Suspension, TeamUnits, TirePressures, TirePressureTargets } from '@pitwall/contracts';
import { GearRatiosForm, SetupSheetForm, SuspensionForm, TirePressuresForm, TirePressureTargetsForm, WithTeamUnits } from '@pitwall/setup-forms';
import { useCar, useUpdateGearRatios, useUpdateSetupSheet, useUpdateSuspension, useUpdateTirePressures, useUpdateTirePressureTargets } from '@pitwall/kit';
// The one place this remote binds the shared setup forms to its API hooks (they move to the kit later).

/** The car's baseline 'Edit Gear Ratios' (shared form, PUT /api/cars/{carId}/gear-ratios). */
export function CarGearRatiosForm({ carId, rows, onDone }: { carId: number; rows: GearRatio[]; onDone: () => void }) {
  const update = useUpdateGearRatios(carId);
  return <GearRatiosForm rows={rows} onSave={(body) => update.mutateAsync(body)} onDone={onDone} />;
}

/** The car's baseline 'Edit Suspension & Alignment' in the team's units. */
export function CarSuspensionForm({ carId, suspension, onDone }: { carId: number; suspension: Suspension | null; onDone: () => void }) {
  const update = useUpdateSuspension(carId);
  const car = useCar(carId);
  return (
    <WithTeamUnits teamId={car.data?.teamId}>
      {(units) => <SuspensionForm initial={suspension} units={units} onSave={(body) => update.mutateAsync(body)} onDone={onDone} />}
    </WithTeamUnits>
  );
}

/** The car's baseline 'Edit Tire Pressures' in the team's pressure unit. */
export function CarTirePressuresForm({ carId, pressures, onDone }: { carId: number; pressures: TirePressures; onDone: () => void }) {
  const update = useUpdateTirePressures(carId);
  const car = useCar(carId);
  return (
    <WithTeamUnits teamId={car.data?.teamId}>
      {(units) => <TirePressuresForm initial={pressures} units={units} onSave={(body) => update.mutateAsync(body)} onDone={onDone} />}
    </WithTeamUnits>
  );
}

/** The car's 'Edit Target Hot Pressures' in the team's pressure unit (`units`, which the card already waits for). */
export function CarTirePressureTargetsForm({ carId, targets, units, onDone }: { carId: number; targets: TirePressureTargets; units: TeamUnits; onDone: () => void }) {
  const update = useUpdateTirePressureTargets(carId);
  return <TirePressureTargetsForm initial={targets} units={units} onSave={(body) => update.mutateAsync(body)} onDone={onDone} />;
}

/** The car's baseline 'Edit Setup Sheet' (shared form, PUT /api/cars/{carId}/setup-sheet; fixed units, no team units needed). */
export function CarSetupSheetForm({ carId, sheet, onDone }: { carId: number; sheet: SetupSheet; onDone: () => void }) {
  const update = useUpdateSetupSheet(carId);
  return <SetupSheetForm initial={sheet} onSave={(body) => update.mutateAsync(body)} onDone={onDone} />;
}
