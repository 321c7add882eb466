import type { RunSession, SessionTireTemperatures, TeamUnits, TireTemperatureTargetsValue } from '@pitwall/contracts';
import { PRESSURE_CORNERS } from '@pitwall/contracts/values';
import { gaugePressure, shownTemperature } from '@pitwall/setup-forms/display';
import { adviceText, bandsOf, figuresText, readingAgainst, treadTemperatureText, treadWords } from '../lib/tire-temperature-format';
import { scaleOf, treadColour } from '../lib/tread-colour';
import css from './tire-temperatures.module.css';

const EDGE_SHORT = { inner: 'In', middle: 'Mid', outer: 'Out' } as const;
/** Where the legend's gradient takes the scale's colour (shares of the range): enough stops to pass through green and yellow. */
const GRADIENT_STOPS = [0, 0.25, 0.5, 0.75, 1];

/**
 * The picture of one tire temperature reading: the four treads as on the car SEEN FROM ABOVE, front
 * at the top (FL FR / RL RR, each tread's inner edge towards the car's centre line), each a band per
 * edge coloured on one scale from cool (blue) to hot (red) over the reading, with its temperature in
 * the team's unit; a screen reader hears each tread in words ('FL tread: inner 92 °C, …'). Beside
 * each: what it says against `targets` (°C; the server's reading while they are unknown), the
 * spread and middle vs edges in the team's unit, and the session's hot pressure of that corner
 * (`hot`, psi, shown in the team's pressure unit).
 */
export function TirePicture({ reading, targets, hot, units }: {
  reading: SessionTireTemperatures;
  targets: TireTemperatureTargetsValue | undefined;
  hot: RunSession['tirePressures']['hot'];
  units: TeamUnits;
}) {
  const scale = scaleOf(reading);
  return (
    <div className={css.picture}>
      <p className={css.front} aria-hidden="true">
        ▲ Front (seen from above)
      </p>
      <ul className={css.corners} aria-label="Tires seen from above, front at the top">
        {PRESSURE_CORNERS.map((c) => {
          const tire = reading.corners[c.key];
          const said = readingAgainst(tire, targets);
          const bands = bandsOf(c, tire);
          return (
            <li key={c.key} className={css.corner}>
              <span className={css.cornerName}>{c.short}</span>
              <div className={css.tread} role="img" aria-label={treadWords(c, tire, units)}>
                {bands.map((b) => (
                  <span key={b.edge} className={css.band} style={{ background: treadColour(b.celsius, scale) }}>
                    {shownTemperature(b.celsius, units)}
                  </span>
                ))}
              </div>
              <div className={css.edges} aria-hidden="true">
                {bands.map((b) => (
                  <span key={b.edge}>{EDGE_SHORT[b.edge]}</span>
                ))}
              </div>
              <p className={css.advice}>{adviceText(said)}</p>
              <p className={css.figures}>{figuresText(said, units)}</p>
              <p className={css.figures}>{hot ? `Hot pressure ${gaugePressure(hot[c.key], units)} ${units.pressureUnit}` : 'Hot pressure not measured'}</p>
            </li>
          );
        })}
      </ul>
      <p className={css.scale}>
        <span>Cool {treadTemperatureText(scale[0], units)}</span>
        <span className={css.scaleBar} aria-hidden="true" style={{ background: `linear-gradient(to right, ${GRADIENT_STOPS.map((share) => treadColour(scale[0] + share * (scale[1] - scale[0]), scale)).join(', ')})` }} />
        <span>Hot {treadTemperatureText(scale[1], units)}</span>
      </p>
    </div>
  );
}
