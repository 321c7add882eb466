import type { CarEvent } from './car/car.ts';
import type { TeamEvent } from './team/team.ts';
import type { RaceEventEvent } from './race-event/race-event.ts';
import type { IssueEvent } from './issue/issue.ts';
import type { RunSessionEvent } from './session/session.ts';
import type { PartEvent } from './part/part.ts';
import type { TireSetEvent } from './tire-set/tire-set.ts';
import type { SeriesEvent } from './series/series.ts';
import type { ImageUploaded } from './upload/upload.ts';
import type { TeamImportEvent } from './team-import/team-import.ts';
import type { UserEvent, UsernameClaimed, UsernameReleased } from './user/user.ts';

/** Every domain event Pitwall stores: the union of the aggregates' event unions (a new aggregate adds its own here). */
export type DomainEvent = CarEvent | TeamEvent | UserEvent | UsernameClaimed | UsernameReleased | RaceEventEvent | IssueEvent | RunSessionEvent | PartEvent | TireSetEvent | ImageUploaded | SeriesEvent | TeamImportEvent;
/** The type name of every domain event (`CarCreated`, …). */
export type DomainEventType = DomainEvent['type'];
