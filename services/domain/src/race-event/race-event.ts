/** The race event aggregate (stream `raceEvent-{id}`): a car's race weekend, test or practice day. */

/** A race event was planned for a car. `date` is an ISO timestamp. */
export interface RaceEventScheduled {
  type: 'RaceEventScheduled';
  data: {
    raceEventId: number;
    carId: number;
    teamId: number;
    name: string;
    location: string;
    date: string;
    trackLength: string | null;
    weather: string | null;
    notes: string | null;
    profileImageUrl: string | null;
    timetableImageUrl: string | null;
    createdAt: string;
  };
}
/** The race event's final drive ratio (text that parses as a number, e.g. '2.866') and notes. */
export interface FinalDriveSet {
  type: 'FinalDriveSet';
  data: { raceEventId: number; carId: number; finalDriveRatio: string; finalDriveNotes: string | null };
}
/** The race event's profile and timetable images (complete new values). */
export interface RaceEventImagesSet {
  type: 'RaceEventImagesSet';
  data: { raceEventId: number; carId: number; profileImageUrl: string | null; timetableImageUrl: string | null };
}

/** The race event's track length, as written ('3.2 km', '2.43 mi'; null: unknown); read as km where distances are derived. */
export interface RaceEventTrackLengthSet {
  type: 'RaceEventTrackLengthSet';
  data: { raceEventId: number; carId: number; trackLength: string | null };
}

export type RaceEventEvent = RaceEventScheduled | FinalDriveSet | RaceEventImagesSet | RaceEventTrackLengthSet;

export type RaceEventState =
  | { status: 'none' }
  | {
      status: 'scheduled';
      raceEventId: number;
      carId: number;
      trackLength: string | null;
      finalDriveRatio: string | null;
      finalDriveNotes: string | null;
      profileImageUrl: string | null;
      timetableImageUrl: string | null;
    };

export const initialRaceEventState: RaceEventState = { status: 'none' };

export function evolveRaceEvent(state: RaceEventState, event: RaceEventEvent): RaceEventState {
  switch (event.type) {
    case 'RaceEventScheduled': {
      const d = event.data;
      return { status: 'scheduled', raceEventId: d.raceEventId, carId: d.carId, trackLength: d.trackLength, finalDriveRatio: null, finalDriveNotes: null, profileImageUrl: d.profileImageUrl, timetableImageUrl: d.timetableImageUrl };
    }
    case 'FinalDriveSet':
      return state.status === 'scheduled' ? { ...state, finalDriveRatio: event.data.finalDriveRatio, finalDriveNotes: event.data.finalDriveNotes } : state;
    case 'RaceEventImagesSet':
      return state.status === 'scheduled' ? { ...state, profileImageUrl: event.data.profileImageUrl, timetableImageUrl: event.data.timetableImageUrl } : state;
    case 'RaceEventTrackLengthSet':
      return state.status === 'scheduled' ? { ...state, trackLength: event.data.trackLength } : state;
  }
}

export const raceEventStream = (raceEventId: number) => `raceEvent-${raceEventId}`;
