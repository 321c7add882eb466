import { legacyEventsTarget, sessionViewOf, tabOfPath } from './race-event-paths';

const target = (search: string) => legacyEventsTarget(7, new URLSearchParams(search));

describe('shared links in the query-string form', () => {
  it('open a race event on its Overview, or on the tab they name', () => {
    expect(target('eventId=3')).toBe('/car/7/events/3');
    expect(target('eventId=3&tab=technical')).toBe('/car/7/events/3/technical');
    expect(target('eventId=3&tab=history')).toBe('/car/7/events/3/history');
  });

  it("open a session's run sheet, Add Session or 'Suggest cold pressures' on the Sessions tab", () => {
    expect(target('eventId=3&tab=sessions&session=21')).toBe('/car/7/events/3/sessions/21');
    expect(target('eventId=3&tab=sessions&session=new')).toBe('/car/7/events/3/sessions/new');
    expect(target('eventId=3&tab=sessions&session=suggest')).toBe('/car/7/events/3/sessions/suggest');
  });

  it('ignore a session on another tab, an unknown session and an unknown tab', () => {
    expect(target('eventId=3&tab=issues&session=21')).toBe('/car/7/events/3/issues');
    expect(target('eventId=3&tab=sessions&session=latest')).toBe('/car/7/events/3/sessions');
    expect(target('eventId=3&tab=weather')).toBe('/car/7/events/3');
  });

  it('open a full-page form, which wins over the tab', () => {
    expect(target('eventId=3&tab=technical&form=suspension')).toBe('/car/7/events/3/suspension');
    expect(target('eventId=3&form=add-issue')).toBe('/car/7/events/3/issues/new');
    expect(target('eventId=3&form=images')).toBe('/car/7/events/3/images/manage');
    expect(target('form=add-event')).toBe('/car/7/events/new');
  });

  it('stay on the list when they name no race event, or something that is not an id', () => {
    expect(target('')).toBeNull();
    expect(target('tab=sessions')).toBeNull();
    expect(target('eventId=abc&tab=sessions')).toBeNull();
  });
});

describe('the path below a race event', () => {
  it('names the tab (the Overview when none) and what the Sessions tab opens', () => {
    expect(tabOfPath('')).toBe('overview');
    expect(tabOfPath('sessions/21')).toBe('sessions');
    expect(tabOfPath('race-plan')).toBe('race-plan');
    expect(sessionViewOf('')).toBeNull();
    expect(sessionViewOf('21')).toBe(21);
    expect(sessionViewOf('suggest')).toBe('suggest');
  });
});
