export * from './shared/errors.ts';
export * from './shared/decider.ts';
export * from './shared/state-codec.ts';
export * from './user/user.ts';
export * from './user/decide.ts';
export * from './user/username.ts';
export * from './team/team.ts';
export * from './team/decide.ts';
export * from './car/car.ts';
export * from './car/decide.ts';
export * from './car/setup-inheritance.ts';
export * from './car/corner-weights.ts';
export * from './car/tire-pressure-suggestion.ts';
export * from './race-event/race-event.ts';
export * from './race-event/decide.ts';
export * from './issue/issue.ts';
export * from './issue/decide.ts';
export * from './session/session.ts';
export * from './session/decide.ts';
export * from './part/part.ts';
export * from './part/decide.ts';
export * from './series/series.ts';
export * from './series/decide.ts';
export * from './upload/upload.ts';
export * from './versions.ts';

import type { CarEvent } from './car/car.ts';
import type { TeamEvent } from './team/team.ts';
import type { RaceEventEvent } from './race-event/race-event.ts';
import type { IssueEvent } from './issue/issue.ts';
import type { SessionEvent } from './session/session.ts';
import type { PartEvent } from './part/part.ts';
import type { SeriesEvent } from './series/series.ts';
import type { ImageUploaded } from './upload/upload.ts';
import type { UserEvent, UsernameClaimed } from './user/user.ts';

/** Every domain event Pitwall stores. */
export type DomainEvent = CarEvent | TeamEvent | UserEvent | UsernameClaimed | RaceEventEvent | IssueEvent | SessionEvent | PartEvent | ImageUploaded | SeriesEvent;
export type DomainEventType = DomainEvent['type'];
