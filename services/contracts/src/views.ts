import { z } from 'zod';
import { Car } from './cars.ts';
import { CornerWeights, SetupTargets } from './corner-weights.ts';
import { Image } from './images.ts';
import { Issue } from './issues.ts';
import { Part } from './parts.ts';
import { RaceEvent } from './race-events.ts';
import { RunSession, TrackRunSession } from './sessions.ts';
import { SetupSheet } from './setup-sheet.ts';
import { ChecklistItem, GearRatio, Suspension, TirePressures } from './setup.ts';
import { TeamSettings } from './teams.ts';
import { TirePressureTargets } from './tire-pressure-assistant.ts';
import { TireSet } from './tire-sets.ts';

/**
 * The ETag each part's own GET answers now (the tag a form opened on that part sends as If-Match),
 * keyed like the parts; null where that GET answers none.
 */
const versionsOf = <K extends string>(parts: readonly K[]) => z.object(Object.fromEntries(parts.map((part) => [part, z.string().nullable()])) as Record<K, z.ZodNullable<z.ZodString>>);

const CAR_VIEW_PARTS = ['car', 'gearRatios', 'suspension', 'cornerWeights', 'setupTargets', 'tirePressures', 'tirePressureTargets', 'setupSheet', 'checklist', 'parts', 'teamSettings'] as const;

/**
 * GET /api/cars/{carId}/view: what the car page shows, in one answer. Each part is exactly the
 * answer of its own GET: `car` /api/cars/{carId}; `gearRatios`, `suspension`, `cornerWeights`,
 * `tirePressures` the baseline's …/gear-ratios, …/suspension, …/corner-weights, …/tire-pressures;
 * `setupTargets` …/setup-targets; `tirePressureTargets` …/tire-pressure-targets; `setupSheet` the
 * baseline's …/setup-sheet; `checklist`
 * …/checklist; `parts` …/parts (fitted now, its Parts tab); `teamSettings` /api/teams/{the car's
 * teamId}/settings (the units the cards show).
 */
export const CarView = z
  .object({
    car: Car,
    gearRatios: z.array(GearRatio),
    suspension: Suspension.nullable(),
    cornerWeights: CornerWeights,
    setupTargets: SetupTargets,
    tirePressures: TirePressures,
    tirePressureTargets: TirePressureTargets,
    setupSheet: SetupSheet,
    checklist: z.array(ChecklistItem),
    parts: z.array(Part),
    teamSettings: TeamSettings,
    versions: versionsOf(CAR_VIEW_PARTS),
  })
  .meta({ id: 'CarView' });
export type CarView = z.infer<typeof CarView>;

const RACE_EVENT_VIEW_PARTS = ['car', 'raceEvent', 'raceEvents', 'issues', 'carriedOver', 'gearRatios', 'suspension', 'tirePressures', 'sessions', 'trackSessions', 'images', 'parts', 'tireSets', 'teamSettings'] as const;

/**
 * GET /api/cars/{carId}/events/{eventId}/view: what a race event's screens show around their tab, in
 * one answer. Each part is exactly the answer of its own GET: `car` /api/cars/{carId}; `raceEvent`
 * …/events/{eventId}; `raceEvents` …/events; `issues` …/events/{eventId}/issues; `carriedOver`
 * …/events/{eventId}/carried-over; `gearRatios`, `suspension`, `tirePressures` …/gear-ratios,
 * …/suspension, …/tire-pressures with `?eventId=` (the race event's effective setup); `sessions`
 * …/events/{eventId}/sessions; `trackSessions` …/tracks/sessions?location={the race event's
 * location} ('At this track'); `images` …/images (the car's gallery); `parts` …/parts (fitted now);
 * `tireSets` /api/teams/{the car's teamId}/tire-sets (the sets the session cards name);
 * `teamSettings` /api/teams/{the car's teamId}/settings.
 */
export const RaceEventView = z
  .object({
    car: Car,
    raceEvent: RaceEvent,
    raceEvents: z.array(RaceEvent),
    issues: z.array(Issue),
    carriedOver: z.array(Issue),
    gearRatios: z.array(GearRatio),
    suspension: Suspension.nullable(),
    tirePressures: TirePressures,
    sessions: z.array(RunSession),
    trackSessions: z.array(TrackRunSession),
    images: z.array(Image),
    parts: z.array(Part),
    tireSets: z.array(TireSet),
    teamSettings: TeamSettings,
    versions: versionsOf(RACE_EVENT_VIEW_PARTS),
  })
  .meta({ id: 'RaceEventView' });
export type RaceEventView = z.infer<typeof RaceEventView>;
