import { defineProjection } from '../define-projection.ts';
import { HistoryInserts } from './inserts.ts';

export { flatGeometry, GEOMETRY_SUBJECT, geometryOfFlat, TARGETS_SUBJECT, TIRE_TEMPERATURE_TARGETS_SUBJECT } from './entries.ts';
export { listHistory, listSetupChangesBetween, type HistoryFilter } from './queries.ts';

/** The run sheet events: each session is a subject of the 'sessions' section. */
const SESSION_EVENTS = ['SessionAdded', 'SessionDetailsRevised', 'SessionLapsSet', 'SessionTirePressuresSet', 'SessionStintsSet', 'SessionFuelAtEndSet', 'SessionRemoved'] as const;

/**
 * setup_history: one row per change of a car's record, holding the COMPLETE new value of its
 * subject (a setup of the baseline or a race event, a maintenance item, a checklist item, an
 * issue) and who made it, as they were on the team at that moment. The field-by-field change
 * is computed at read time from the previous row of the same subject (events hold complete values).
 */
export const historyProjection = defineProjection({
  name: 'setup_history',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS setup_history (
      id bigint PRIMARY KEY,
      position_commit bigint NOT NULL,
      car_id integer NOT NULL,
      section text NOT NULL,
      subject text NOT NULL,
      race_event_id integer,
      type text NOT NULL,
      at timestamptz NOT NULL,
      actor_user_id integer,
      actor_display_name text,
      actor_role text,
      actor_color text,
      value jsonb
    );
    CREATE INDEX IF NOT EXISTS setup_history_car_idx ON setup_history (car_id, position_commit DESC, id DESC);
    CREATE INDEX IF NOT EXISTS setup_history_subject_idx ON setup_history (car_id, section, subject, position_commit, id);`,
  tables: { setup_history: () => new HistoryInserts() },
  // The actor's and the driver's names come from team_members as they are at the event.
  reads: ['teams'],
  // A session's row merges its change onto the session's LATEST row (lastWith), read by the INSERT:
  // each session event starts a segment, so that row is in the table when it is read.
  segmentBefore: ['MemberUpdated', 'MemberRemoved', 'TeamDeleted', ...SESSION_EVENTS],
  each: {
    types: [
    'CarCreated', 'CarDetailsUpdated', 'TuningLinkSet', 'MaintenanceRecorded', 'GearRatiosSet', 'SuspensionSet', 'TirePressuresSet', 'TirePressureTargetsSet',
    'CornerWeightsSet', 'SetupSheetSet', 'SetupTargetsSet', 'TireTemperatureTargetsSet', 'CarGeometrySet', 'CarTankCapacitySet',
    'ChecklistItemAdded', 'ChecklistItemCompleted', 'ChecklistItemReopened', 'ChecklistItemRemoved', 'IssueRaised', 'IssueStatusChanged',
    ...SESSION_EVENTS,
    'PartFitted', 'PartRemoved', 'PartFitDateCorrected', 'RacePlanSet',
  ],
    handle: (event, { setup_history }) => setup_history.add(event),
  },
});
